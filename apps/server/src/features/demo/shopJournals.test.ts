import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actingAdministrator } from '../../lib/permissions.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { ledgerSumsInvariants } from '../posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { sameShopFixtures, statementOf } from './sameShop.fixtures.ts';
import { generateShop, type ShopPlan, type ShopSize } from './shopGenerator.ts';
import { addJournalAccounts, type JournalBook, planJournals, readJournalBook, workOutJournal } from './shopJournals.ts';

const size: ShopSize = {
  categories: 3,
  items: 30,
  customers: 4,
  suppliers: 2,
  sales: 60,
  saleLines: 3,
  purchases: 8,
  purchaseLines: 3,
  salesReturns: 2,
  purchaseReturns: 1,
  counts: 0,
  countLines: 4,
  receipts: 10,
  payments: 4,
  expenses: 2,
  journals: 40,
  journalLines: 7,
};
const planOf = (storeId: number, shopSize: ShopSize): ShopPlan => ({
  storeId,
  yearId: 1,
  from: '2026-01-01',
  to: '2026-06-30',
  size: shopSize,
  seed: 13,
  user: actingAdministrator({ id: 1, user_name: 'admin', full_name: 'مدير النظام' }, storeId),
});

describe('a generated journal', () => {
  const book: JournalBook = {
    cash: 1,
    bank: 2,
    account: {
      '311': 3,
      '312': 4,
      '313': 5,
      '320': 6,
      '331': 7,
      '332': 8,
      '333': 9,
      '334': 10,
      '810': 11,
      '811': 12,
      '820': 13,
    },
    staff: Array.from({ length: 30 }, (_, e) => ({
      name: `موظف ${e}`,
      department: e % 3,
      salary: 123_457n + BigInt(e),
    })),
    depreciation: [20_001n, 35_555n, 199_999n, 20_000n, 87_654n, 43_210n],
  };
  const cents = (text: string) => BigInt(text.replace('.', ''));

  it('balances to the cent, each line on one side, whatever its kind, length and amounts', () => {
    for (let n = 0; n < 2_000; n++) {
      const picks = Array.from({ length: 20 }, (_, k) => ((n + 1) * 2_654_435_761 + k * 40_503) % 2_147_483_647);
      const journal = workOutJournal({ n, kind: n % 20, extra: n % 19, picks }, '2026-03-15', book);
      const debit = journal.lines.reduce((total, line) => total + cents(line.debit), 0n);
      const credit = journal.lines.reduce((total, line) => total + cents(line.credit), 0n);
      expect(debit).toBe(credit);
      expect(debit).toBeGreaterThan(0n);
      expect(journal.lines.every((line) => cents(line.debit) > 0n !== cents(line.credit) > 0n)).toBe(true);
      expect(journal.lines.length).toBe(n % 20 < 8 ? 2 : 2 + Math.max(n % 19, n % 20 < 13 ? 1 : 0));
    }
  });
});

/**
 * The generator's general journals are inserted set-based and posted in chunks (shopJournals.ts). Store 1 gets them
 * so; store 2 gets the same shop without them, then the same journals saved one by one through the journal screen's
 * call (`journal/createWithItems`) in their order. The two stores must read the same in everything a journal touches.
 */
describeEachDatabase('generated journals', (ctx) => {
  const db = () => ctx().database.db;
  const { rows, copyExpenseAccounts, account, daySums } = sameShopFixtures(db);

  it('read the same as the same journals saved one by one through the journal screen', async () => {
    await copyExpenseAccounts();
    await generateShop(db(), planOf(1, size));
    await generateShop(db(), planOf(2, { ...size, journals: 0 }));
    await addJournalAccounts(db(), 2);
    const book = await readJournalBook(db(), planOf(2, size));
    if (!book) throw new Error('no accounts for the journals');
    const planned = await planJournals(db(), planOf(2, size), book, 1, size.journals);
    const client = new TestClient(ctx().app);
    await client.signIn('admin', 'admin123', 2);
    for (const journal of planned) {
      const saved = await client.post('/api/journal/createWithItems', {
        invoice: { j_date: journal.j_date, j_type: journal.j_type, j_details: journal.j_details, yearId: 1 },
        items: journal.lines,
      });
      expect(saved.statusCode).toBe(200);
    }

    expect(await stockAtCostInvariants(db())).toEqual([]);
    expect(await ledgerSumsInvariants(db())).toEqual([]);

    // The journals' accounts (the generator's, the cash box and the bank), the same in both stores by code.
    const journalAccounts = sql`(sub_code ~ '^(3[123]|8[12])[0-9]$' or role in ('cash_box', 'bank'))`;
    const accounts = (storeId: number) =>
      rows<{ id: number }>(sql`select id, sub_code, sub_name, ac_id, sub_type, account_type, role from sub_accounts
        where store_id = ${storeId} and ${journalAccounts} order by sub_code`);
    const [accounts1, accounts2] = [await accounts(1), await accounts(2)];
    expect(accounts1.length).toBe(13);
    expect(accounts2.map(({ id, ...rest }) => rest)).toEqual(accounts1.map(({ id, ...rest }) => rest));
    const journals = (storeId: number) =>
      rows(sql`select right(j.j_ref, 6) as ref, j.j_date::text, j.j_type, j.j_details, j.j_desc, j.invo_ref,
          j.standard_details, j.voucher_kind, j.j_pay::text, j.credit_total::text, j.posted, j."yearId", j.user_id,
          (select json_agg(json_build_array(l.line_no, l.side, ${account('l.ac_id')}, l.debit::text, l.credit::text,
            l.j_desc) order by l.line_no) from journal_line l where l.j_id = j.j_id) as lines
        from journal j where j.store_id = ${storeId} and j.voucher_kind is null order by j.j_id`);
    const fromStore1 = await journals(1);
    expect(fromStore1.length).toBe(size.journals);
    expect(fromStore1.every((journal) => journal.posted === true)).toBe(true);
    // Every kind is there, and some journals are longer than two lines.
    expect(new Set(fromStore1.map((journal) => journal.j_type)).size).toBe(5);
    expect(fromStore1.some((journal) => (journal.lines as unknown[]).length > 3)).toBe(true);
    expect(await journals(2)).toEqual(fromStore1);

    const ledger = (storeId: number) =>
      rows(sql`select l.line_date::text, ${account('l.account_id')} as account, l.source_kind,
          right(l.reference, 6) as ref, l.memo, l.debit::text, l.credit::text, l.part
        from ledger_line l where l.store_id = ${storeId} and l.source_kind = 'journal'
        order by l.line_date, l.reference, l.id`);
    expect(await ledger(2)).toEqual(await ledger(1));
    expect(await daySums(2)).toEqual(await daySums(1));
    const [counter] = await rows<{ one: number; two: number }>(sql`select
      (select last from document_counter where store_id = 1 and kind = 'journal') as one,
      (select last from document_counter where store_id = 2 and kind = 'journal') as two`);
    expect(counter?.two).toBe(counter?.one);

    // Each journal account's statement through the screen, in both stores.
    const store1 = new TestClient(ctx().app);
    await store1.signIn('admin', 'admin123', 1);
    for (const [index, { id }] of accounts1.entries())
      expect(await statementOf(client, accounts2[index]?.id ?? 0, 200)).toEqual(await statementOf(store1, id, 200));
  }, 240_000);
});
