/**
 * Issue 22: a legacy batch of 1,000 rows (`items/createMulti`, `sub_accounts/createMulti`) held the embedded
 * database's one connection for 2 to 7 s, and another store's requests waited behind it. The batch is checked
 * first and written in a few set-based statements: others wait a few hundred milliseconds at most, and the batch
 * stays all or nothing.
 */
import { and, count, eq, like, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerLine, tradeDocument } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

const ROWS = 1_000;
/**
 * What another store's request may wait, beyond what the same read takes with no batch running (measured just
 * before, for as long): on a loaded machine a read alone takes hundreds of milliseconds, which no batch causes.
 */
const MAX_WAIT_MS = 500;

describeEachDatabase('a legacy batch of 1,000 rows does not hold other stores', (ctx) => {
  const signedIn = async (user: string, password: string, store: number) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, store);
    return c;
  };

  /** Runs `batch` while store 2's keeper reads; the batch's answer and the reads' worst latency. */
  async function whileOtherStoreReads<T>(batch: () => Promise<T>) {
    const reader = await signedIn('admin', 'admin123', 2);
    let done = false;
    let worst = 0;
    const reads = (async () => {
      while (!done) {
        for (const path of ['/api/items/read?page=1&pageSize=20', '/api/sub_accounts/readWithBalance?page=1']) {
          const started = performance.now();
          expect((await reader.get(path)).statusCode).toBe(200);
          worst = Math.max(worst, performance.now() - started);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answer = await batch();
    const took = performance.now() - started;
    done = true;
    await reads;
    return { answer, worst, took };
  }

  /** The worst latency of the same reads with no batch running, for `ms`. */
  async function quietWorst(ms: number) {
    const { worst } = await whileOtherStoreReads(() => new Promise((resolve) => setTimeout(resolve, ms)));
    return worst;
  }

  it('items/createMulti of 1,000 items with opening quantities', async () => {
    const admin = await signedIn('admin', 'admin123', 1);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      item_name: `صنف دفعة ${i}`,
      part_no: `BATCH-${i}`,
      perch_price: '10',
      pay_price: '15',
      ...(i % 2 === 0 ? { firstQuantity: '3' } : {}),
    }));
    const { answer, worst, took } = await whileOtherStoreReads(() => admin.post('/api/items/createMulti', rows));
    const quiet = await quietWorst(took);
    console.info(
      `items/createMulti ${ROWS}: ${took.toFixed(0)} ms, other store's read took at most ${worst.toFixed(0)} ms (${quiet.toFixed(0)} ms with no batch)`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toHaveLength(ROWS);
    expect(answer.json().data[999]).toMatchObject({ part_no: 'BATCH-999', item_name: 'صنف دفعة 999' });
    expect(worst).toBeLessThan(quiet + MAX_WAIT_MS);
    const stock = (await admin.get('/api/items/searchStock?search=BATCH-998')).json().data;
    expect(stock).toEqual([expect.objectContaining({ part_no: 'BATCH-998', quantity: '3.000' })]);

    // All or nothing: one bad row (its code already taken) and none of the batch is saved, the row named.
    const again = rows.slice(0, 10).map((row, i) => ({ ...row, part_no: i === 7 ? 'BATCH-1' : `BATCH-NEW-${i}` }));
    const refused = await admin.post('/api/items/createMulti', again);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({ '7.part_no': 'ITEM_CODE_TAKEN' });
    expect((await admin.get('/api/items/read?search=BATCH-NEW')).json().data).toEqual([]);
  }, 180_000);

  it('sub_accounts/createMulti of 1,000 customers with opening balances', async () => {
    const admin = await signedIn('admin', 'admin123', 1);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      ac_id: 1,
      cat_id: 1,
      sub_name: `عميل دفعة ${i}`,
      sub_balance: i % 4 === 0 ? '100' : '0',
    }));
    const { answer, worst, took } = await whileOtherStoreReads(() => admin.post('/api/sub_accounts/createMulti', rows));
    const quiet = await quietWorst(took);
    console.info(
      `sub_accounts/createMulti ${ROWS}: ${took.toFixed(0)} ms, other store's read took at most ${worst.toFixed(0)} ms (${quiet.toFixed(0)} ms with no batch)`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toHaveLength(ROWS);
    expect(answer.json().data[4]).toMatchObject({ sub_name: 'عميل دفعة 4', sub_balance: '100.00' });
    expect(worst).toBeLessThan(quiet + MAX_WAIT_MS);

    const again = [
      { ac_id: 1, cat_id: 1, sub_name: 'عميل جديد تماما' },
      { ac_id: 1, cat_id: 1, sub_name: 'عميل دفعة 3' },
    ];
    const refused = await admin.post('/api/sub_accounts/createMulti', again);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({ '1.sub_name': 'ACCOUNT_NAME_TAKEN' });
    const search = `/api/sub_accounts/readWithBalance?search=${encodeURIComponent('عميل جديد تماما')}`;
    expect((await admin.get(search)).json().total).toBe(0);

    // A chunk the database refuses after others were written: those are taken back, the batch saves nothing.
    const { db } = ctx().database;
    await db.execute(sql`
      create function refuse_account() returns trigger language plpgsql as $$
      begin if new.sub_name = 'مرفوض' then raise exception 'refused for the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_account before insert on sub_accounts
      for each row execute function refuse_account()`);
    try {
      const late = rows.map((row, i) => ({ ...row, sub_name: i === 950 ? 'مرفوض' : `متأخر ${i}` }));
      expect((await admin.post('/api/sub_accounts/createMulti', late)).statusCode).toBe(500);
      const left = `/api/sub_accounts/readWithBalance?search=${encodeURIComponent('متأخر')}`;
      expect((await admin.get(left)).json().total).toBe(0);
    } finally {
      await db.execute(sql`drop trigger refuse_account on sub_accounts`);
      await db.execute(sql`drop function refuse_account()`);
    }
  }, 180_000);

  it('pay/createMulti of 300 offline value-only sales: each through the one save, all or none', async () => {
    const admin = await signedIn('admin', 'admin123', 1);
    const { db } = ctx().database;
    const customer = (
      await admin.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'عميل المزامنة', sub_balance: '0' })
    ).json().data[0];
    const header = (ref: string, total = '10') => ({
      pay_ref: ref,
      cust_id: customer.id,
      pay_date: '2026-11-21',
      tot_pr: total,
      pay: '0',
      value_only: true,
      yearId: 1,
    });
    const documents = async (prefix: string) =>
      (
        await db
          .select({ n: count() })
          .from(tradeDocument)
          .where(and(eq(tradeDocument.store_id, 1), like(tradeDocument.idempotency_key, `%:${prefix}%`)))
      )[0]?.n;
    const customerLines = async () =>
      (await db.select({ n: count() }).from(ledgerLine).where(eq(ledgerLine.account_id, customer.id)))[0]?.n;

    const rows = Array.from({ length: 300 }, (_, i) => header(`SYNC-${i}`));
    const { answer, worst, took } = await whileOtherStoreReads(() => admin.post('/api/pay/createMulti', rows));
    const quiet = await quietWorst(took);
    console.info(
      `pay/createMulti 300: ${took.toFixed(0)} ms, other store's read took at most ${worst.toFixed(0)} ms (${quiet.toFixed(0)} ms with no batch)`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toHaveLength(300);
    expect(worst).toBeLessThan(quiet + MAX_WAIT_MS);
    expect(await documents('SYNC-')).toBe(300);
    const posted = await customerLines();
    expect(posted).toBe(300);

    // A batch whose last header is refused (no such party) saves none of its new headers and posts nothing; a
    // header sent again (SYNC-0, saved above) only finds its document, which stays.
    const refused = await admin.post('/api/pay/createMulti', [
      header('SYNC-0'),
      ...Array.from({ length: 20 }, (_, i) => header(`LATE-${i}`)),
      { ...header('LATE-BAD'), cust_id: 999_999 },
    ]);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await documents('LATE-')).toBe(0);
    expect(await documents('SYNC-')).toBe(300);
    expect(await customerLines()).toBe(posted);
  }, 180_000);
});
