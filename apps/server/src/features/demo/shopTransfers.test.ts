import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { actingAdministrator } from '../../lib/permissions.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { ledgerSumsInvariants } from '../posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { generateShop, type ShopSize } from './shopGenerator.ts';
import { generateTransfers, inTransitInvariants, type TransfersPlan } from './shopTransfers.ts';

const size: ShopSize = {
  categories: 4,
  items: 90,
  customers: 6,
  suppliers: 2,
  sales: 150,
  saleLines: 4,
  purchases: 30,
  purchaseLines: 5,
  salesReturns: 3,
  purchaseReturns: 1,
  counts: 2,
  countLines: 4,
  receipts: 4,
  payments: 2,
  expenses: 1,
  journals: 3,
  journalLines: 4,
};
const admin = { id: 1, user_name: 'admin', full_name: 'مدير النظام' };
const plan: TransfersPlan = {
  mainStoreId: 1,
  branchStoreId: 2,
  yearId: 1,
  from: '2026-01-01',
  to: '2026-06-30',
  seed: 7,
  transfers: 60,
  transferLines: 5,
  user: admin,
};

/**
 * The large store's second store and its transfers (bench:seed): saved through the transfers' own path, every one
 * accepted, the books of both stores right and what is on the way equal to the goods-in-transit accounts.
 */
describeEachDatabase('generated transfers between two stores', (ctx) => {
  const db = () => ctx().database.db;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;

  it('stocks the branch, sends goods both ways and leaves books that balance with transit on the way', async () => {
    await generateShop(db(), {
      storeId: 1,
      yearId: 1,
      from: plan.from,
      to: plan.to,
      size,
      seed: plan.seed,
      user: actingAdministrator(admin, 1),
    });
    const made = await generateTransfers(db(), plan);
    expect(made.transfers).toBe(60);
    expect(await stockAtCostInvariants(db())).toEqual([]);
    expect(await ledgerSumsInvariants(db())).toEqual([]);
    expect(await inTransitInvariants(db())).toEqual([]);

    const [state] = await rows<{ back: number; whole: number; part: number; open: number; sent_back: number }>(sql`
      select (select count(*) from stock_transfer where from_store_id = 2)::int as back,
        count(*) filter (where quantity = received)::int as whole,
        count(*) filter (where received > 0 and received < quantity)::int as part,
        count(*) filter (where quantity - received - sent_back > 0)::int as open,
        count(*) filter (where sent_back > 0)::int as sent_back
      from stock_transfer_line`);
    expect(state?.back).toBeGreaterThan(0);
    expect(state?.whole).toBeGreaterThan(state?.open ?? 0);
    expect(state?.part).toBeGreaterThan(0);
    expect(state?.open).toBeGreaterThan(0);
    const [transit] = await rows<{ balance: string }>(sql`
      select sum(l.debit - l.credit)::text as balance
      from ledger_line l join sub_accounts a on a.id = l.account_id where a.role = 'goods_in_transit'`);
    expect(Number(transit?.balance)).toBeGreaterThan(0);
    // The branch opened with stock of every third item (the never-stocked 25th left out).
    const [branch] = await rows<{ n: number }>(sql`select count(*)::int as n from firstq where store_id = 2`);
    expect(branch?.n).toBe(29);
    const [negative] = await rows<{ n: number }>(
      sql`select count(*)::int as n from item_stock where quantity < 0 or (quantity > 0 and value < 0)`,
    );
    expect(negative?.n).toBe(0);
  });
});
