import { beforeEach, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { loginFailure } from '../../db/schema.ts';
import { describeEachDatabase, TestClient, type TestContext } from '../../test/testApp.ts';

/** Each test counts its own attempts (the account's limit would otherwise add up the tests' guesses on admin). */
const forgetAttempts = (ctx: () => TestContext) =>
  beforeEach(async () => {
    await ctx().database.db.delete(loginFailure);
  });

/** Ten wrong sign-ins, each claiming another client address in X-Forwarded-For, then the right password. */
async function spoofedGuessesThenRightPassword(client: TestClient, forwardedFor: (attempt: number) => string) {
  await client.get('/api/store/read');
  for (let attempt = 1; attempt <= 10; attempt++) {
    const res = await client.request(
      'POST',
      '/api/users/login',
      { user_name: 'admin', password: `guess-${attempt}`, store_id: 1, level: 'user' },
      { 'x-forwarded-for': forwardedFor(attempt) },
    );
    expect(res.statusCode).toBe(401);
  }
  return client.request(
    'POST',
    '/api/users/login',
    { user_name: 'admin', password: 'admin123', store_id: 1, level: 'user' },
    { 'x-forwarded-for': forwardedFor(11) },
  );
}

describeEachDatabase('without TRUST_PROXY, X-Forwarded-For is ignored', (ctx) => {
  forgetAttempts(ctx);
  it('a guesser cannot dodge the sign-in limit by making up addresses', async () => {
    expect(readConfig({}).trustProxy).toBe(false);
    const locked = await spoofedGuessesThenRightPassword(
      new TestClient(ctx().app, '203.0.113.7'),
      (n) => `198.51.100.${n}`,
    );
    expect(locked.statusCode).toBe(429);
  });
});

describeEachDatabase(
  'TRUST_PROXY=loopback trusts a proxy on the same machine: the address it appends, not what the client wrote',
  (ctx) => {
    forgetAttempts(ctx);
    it('a spoofed first entry does not change the address the sign-in limit counts', async () => {
      // The proxy (the socket's peer) appends the real client's address after whatever the client sent.
      const locked = await spoofedGuessesThenRightPassword(
        new TestClient(ctx().app, '127.0.0.1'),
        (n) => `198.51.100.${n}, 203.0.113.8`,
      );
      expect(locked.statusCode).toBe(429);
    });

    it('clients behind the proxy are told apart by the address the proxy gives', async () => {
      const behindProxy = new TestClient(ctx().app, '127.0.0.1');
      const other = await spoofedGuessesThenRightPassword(behindProxy, (n) => `203.0.113.${100 + n}`);
      expect(other.statusCode).toBe(200);
    });
  },
  { trustProxy: readConfig({ TRUST_PROXY: 'loopback' }).trustProxy },
);

describeEachDatabase(
  'TRUST_PROXY names the proxy addresses: a caller that is not one of them is taken at its own address',
  (ctx) => {
    forgetAttempts(ctx);
    it('X-Forwarded-For from an untrusted peer is ignored', async () => {
      const locked = await spoofedGuessesThenRightPassword(
        new TestClient(ctx().app, '203.0.113.9'),
        (n) => `198.51.100.${n}`,
      );
      expect(locked.statusCode).toBe(429);
    });

    it('from the named proxy, the forwarded address counts', async () => {
      const other = await spoofedGuessesThenRightPassword(
        new TestClient(ctx().app, '10.1.2.3'),
        (n) => `203.0.113.${150 + n}`,
      );
      expect(other.statusCode).toBe(200);
    });
  },
  { trustProxy: readConfig({ TRUST_PROXY: '127.0.0.1, 10.1.0.0/16' }).trustProxy },
);
