import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { actingAdministrator } from '../../lib/permissions.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { ledgerSumsInvariants } from '../posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { sameShopFixtures, statementOf } from './sameShop.fixtures.ts';
import { generateShop, type ShopPlan, type ShopSize } from './shopGenerator.ts';
import { planVouchers, voucherDetails } from './shopVouchers.ts';

const size: ShopSize = {
  categories: 3,
  items: 40,
  customers: 5,
  suppliers: 2,
  sales: 120,
  saleLines: 3,
  purchases: 12,
  purchaseLines: 4,
  salesReturns: 4,
  purchaseReturns: 2,
  counts: 0,
  countLines: 4,
  receipts: 30,
  payments: 8,
  expenses: 3,
  journals: 0,
  journalLines: 2,
};
const noVouchers: ShopSize = { ...size, receipts: 0, payments: 0, expenses: 0 };
const planOf = (storeId: number, shopSize: ShopSize): ShopPlan => ({
  storeId,
  yearId: 1,
  from: '2026-01-01',
  to: '2026-06-30',
  size: shopSize,
  seed: 11,
  user: actingAdministrator({ id: 1, user_name: 'admin', full_name: 'مدير النظام' }, storeId),
});

/**
 * The generator's vouchers are inserted set-based and posted in one pass (shopVouchers.ts). Store 1 gets them so;
 * store 2 gets the same shop without them, then the same vouchers saved one by one through the voucher screen's
 * call (`vouchers/create`, oldest first), each for what its party owes that day (or half) as the generator did before.
 * The two stores must read the same in everything a voucher touches.
 */
describeEachDatabase('generated vouchers', (ctx) => {
  const db = () => ctx().database.db;
  const { rows, copyExpenseAccounts, account, daySums } = sameShopFixtures(db);

  it('read the same as the same vouchers saved one by one through the voucher screen', async () => {
    await copyExpenseAccounts();
    await generateShop(db(), planOf(1, size));
    await generateShop(db(), planOf(2, noVouchers));
    const client = new TestClient(ctx().app);
    await client.signIn('admin', 'admin123', 2);
    const planned = await planVouchers(db(), planOf(2, size));
    if (!planned) throw new Error('no plan');
    for (const voucher of planned.planned) {
      let amount = `${voucher.amount}.00`;
      if (voucher.kind !== 'expense') {
        const [owed] = await rows<{ owed: string }>(sql`
          select coalesce(sum(remainder), 0)::numeric(15, 2)::text as owed from invoice_remainder
          where store_id = 2 and cust_id = ${voucher.party} and kind = ${voucher.kind === 'receipt' ? 'pay' : 'perch'}
            and pay_date <= ${voucher.date}`);
        const cents = BigInt((owed?.owed ?? '0').replace('.', ''));
        const paid = voucher.half ? cents / 2n : cents;
        if (paid <= 0n) continue;
        amount = `${paid / 100n}.${String(paid % 100n).padStart(2, '0')}`;
      }
      const saved = await client.post('/api/vouchers/create', {
        voucher_kind: voucher.kind,
        j_date: voucher.date,
        money_account_id: planned.cash,
        account_id: voucher.party,
        amount,
        j_details: voucherDetails[voucher.kind],
        allocate_oldest: voucher.kind !== 'expense',
      });
      expect(saved.statusCode).toBe(200);
    }

    expect(await stockAtCostInvariants(db())).toEqual([]);
    expect(await ledgerSumsInvariants(db())).toEqual([]);

    // Accounts by code (the same in both stores), documents by their number in their kind.
    const vouchers = (storeId: number) =>
      rows(sql`select right(j.j_ref, 6) as ref, j.j_date::text, j.j_type, j.j_details, j.voucher_kind,
          ${account('j.money_account_id')} as money_account, ${account('j.account_id')} as account,
          j.j_pay::text, j.credit_total::text, j.posted, j."yearId", j.user_id,
          (select json_agg(json_build_array(l.line_no, l.side, ${account('l.ac_id')}, l.debit::text, l.credit::text,
            l.j_desc) order by l.line_no) from journal_line l where l.j_id = j.j_id) as lines,
          (select json_agg(json_build_array(d.kind, right(d.pay_ref, 6), a.amount::text) order by a.id)
            from payment_allocation a join trade_document d on d.pay_id = a.pay_id where a.j_id = j.j_id) as allocations
        from journal j where j.store_id = ${storeId} order by j.j_id`);
    const fromStore1 = await vouchers(1);
    expect(fromStore1.length).toBeGreaterThan(10);
    expect(fromStore1.filter((v) => v.allocations !== null).length).toBeGreaterThan(5);
    expect(await vouchers(2)).toEqual(fromStore1);

    const remainders = (storeId: number) =>
      rows(sql`select kind, right(pay_ref, 6) as ref, remainder::text, allocated::text from invoice_remainder
        where store_id = ${storeId} order by kind, pay_ref`);
    expect(await remainders(2)).toEqual(await remainders(1));
    const ledger = (storeId: number) =>
      rows(sql`select l.line_date::text, ${account('l.account_id')} as account, l.source_kind,
          right(l.reference, 6) as ref, l.memo, l.debit::text, l.credit::text, l.part
        from ledger_line l where l.store_id = ${storeId} and l.source_kind = 'journal'
        order by l.line_date, l.id`);
    expect(await ledger(2)).toEqual(await ledger(1));
    expect(await daySums(2)).toEqual(await daySums(1));
    const [counter] = await rows<{ same: boolean }>(sql`select
      (select last from document_counter where store_id = 1 and kind = 'journal')
        = (select last from document_counter where store_id = 2 and kind = 'journal') as same`);
    expect(counter?.same).toBe(true);

    // Through the screens: each party's statement and open invoices, in both stores.
    const store1 = new TestClient(ctx().app);
    await store1.signIn('admin', 'admin123', 1);
    const parties = (storeId: number) =>
      rows<{ id: number; code: string; ac_id: number }>(sql`select id, sub_code as code, ac_id from sub_accounts
        where store_id = ${storeId} and (sub_code ~ '^[12][0-9]{4}$' or role = 'cash_box') order by sub_code`);
    const [parties1, parties2] = [await parties(1), await parties(2)];
    expect(parties2.map((p) => p.code)).toEqual(parties1.map((p) => p.code));
    const openOf = async (c: TestClient, accountId: number, kind: string) =>
      (
        (await c.get(`/api/vouchers/openInvoices?account_id=${accountId}&voucher_kind=${kind}`)).json().data as {
          pay_ref: string;
          remaining: string;
          settled: string;
        }[]
      ).map((invoice) => [invoice.pay_ref.slice(-6), invoice.remaining, invoice.settled]);
    for (const [index, party] of parties1.entries()) {
      const other = parties2[index];
      if (!other) throw new Error('parties differ');
      expect(await statementOf(client, other.id, 100)).toEqual(await statementOf(store1, party.id, 100));
      if (party.ac_id === 1 || party.ac_id === 2) {
        const kind = party.ac_id === 1 ? 'receipt' : 'payment';
        expect(await openOf(client, other.id, kind)).toEqual(await openOf(store1, party.id, kind));
      }
    }
  }, 240_000);
});
