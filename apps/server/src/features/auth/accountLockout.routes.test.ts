/**
 * Issue 35, finding 13: anyone could lock any account out. Twenty wrong passwords for a cashier from three addresses
 * locked the account (429), and the right password from a fourth address was refused too: a stranger could keep a
 * cashier from signing in at opening time. The per-account limit stays for the addresses that guessed; an address
 * that has not failed on the account gets its password checked, so the cashier's till signs in, and the
 * administrators are told in the activity log of every store the cashier has.
 */

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { MAX_ACCOUNT_FAILURES } from './auth.service.ts';

describeEachDatabase('an account under guessing from other addresses', (ctx) => {
  const client = (ip: string) => new TestClient(ctx().app, ip);
  const wrong = async (ip: string, times: number, user = 'till-cashier') => {
    const c = client(ip);
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await c.signIn(user, `wrong-${ip}-${i}`, 1)).statusCode);
    return statuses;
  };
  const lockLines = async () => {
    const { rows } = await ctx().database.db.execute<{
      store_id: number;
      user_id: number;
      logToken: { user_name: string; failures: number; addresses: string[] };
    }>(sql`select store_id, user_id, "logToken" from "logHistory" where typee = 'login locked' order by store_id`);
    return rows;
  };

  it('twenty wrong passwords from three addresses: those wait, the right password from a fourth signs in', async () => {
    const admin = client('10.13.0.1');
    expect((await admin.signIn('admin', 'admin123', 1)).statusCode).toBe(200);
    const created = await admin.post('/api/users/create', {
      user_name: 'till-cashier',
      full_name: 'كاشير الصباح',
      password: 'till-pass-1',
    });
    expect(created.statusCode).toBe(200);
    const cashierId = created.json().data[0].id as number;
    await ctx().database.db.execute(sql`insert into user_store (user_id, store_id) values (${cashierId}, 2)`);

    // Three addresses, each under its own limit of ten a minute: twenty checked, all wrong.
    const statuses = [
      ...(await wrong('203.0.113.1', 7)),
      ...(await wrong('203.0.113.2', 7)),
      ...(await wrong('203.0.113.3', 6)),
    ];
    expect(statuses).toEqual(Array(MAX_ACCOUNT_FAILURES).fill(401));

    // The guessing addresses wait, with the right password too, and whatever X-Forwarded-For they write (no
    // TRUST_PROXY: the header is not read).
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const again = await client(ip).signIn('till-cashier', 'till-pass-1', 1);
      expect(again.statusCode, ip).toBe(429);
      expect(again.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(again.json().error.message).toMatch(/محاولات/);
    }
    const spoofing = client('203.0.113.1');
    await spoofing.get('/api/store/read');
    const spoofed = await spoofing.request(
      'POST',
      '/api/users/login',
      { user_name: 'till-cashier', password: 'till-pass-1', store_id: 1, level: 'user' },
      { 'x-forwarded-for': '198.51.100.77' },
    );
    expect(spoofed.statusCode).toBe(429);

    // The cashier's till, which never failed, signs in with the right password.
    const till = client('10.13.0.50');
    const signedIn = await till.signIn('till-cashier', 'till-pass-1', 1);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await till.get('/api/users/me')).json().data[0].user_name).toBe('till-cashier');

    // Another new address gets its password checked once: wrong, it waits like the others (one guess, not ten).
    expect(await wrong('203.0.113.4', 3)).toEqual([401, 429, 429]);
    expect((await client('203.0.113.4').signIn('till-cashier', 'till-pass-1', 1)).statusCode).toBe(429);

    // The administrators are told once, in each store the cashier has: who, how many failures, from where.
    const lines = await lockLines();
    expect(lines.map((line) => [Number(line.store_id), Number(line.user_id)])).toEqual([
      [1, cashierId],
      [2, cashierId],
    ]);
    expect(lines[0]?.logToken).toMatchObject({ user_name: 'till-cashier', failures: MAX_ACCOUNT_FAILURES });
    expect(lines[0]?.logToken.addresses).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.3']);
    const log = (await admin.get('/api/logHistory/readByStore?typee=login%20locked')).json().data;
    expect(log).toHaveLength(1);
    expect(log[0].text).toContain('كاشير الصباح');
    expect(log[0].text).toMatch(/أُوقف/);

    // Other accounts are not touched.
    expect((await client('203.0.113.1').signIn('cashier', 'cashier123', 1)).statusCode).toBe(200);
  }, 120_000);
});
