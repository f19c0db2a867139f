import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerLine, stockMovement } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** What the one writer leaves in the ledger and the stock, read back after saves, edits and deletes. */
describeEachDatabase('posting: the one writer of stock movements and ledger lines', (ctx) => {
  const { signedIn, setup, stockOf, balancesOffTheLedger } = tradeFixtures(ctx);
  const ledgerOf = (kind: string, payId: number) =>
    ctx()
      .database.db.select({ reference: ledgerLine.reference, memo: ledgerLine.memo, debit: ledgerLine.debit })
      .from(ledgerLine)
      .where(and(eq(ledgerLine.source_kind, kind), eq(ledgerLine.source_id, payId)))
      .orderBy(ledgerLine.id);
  const movementsOf = async (kind: string, id: number) =>
    (
      await ctx()
        .database.db.select({ n: sql<number>`count(*)::int` })
        .from(stockMovement)
        .where(and(eq(stockMovement.source_kind, kind), eq(stockMovement.source_id, id)))
    )[0]?.n;

  it('a sale’s ledger lines carry its reference and an Arabic memo; an edit replaces them, a delete removes them', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const sale = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '40' },
        items: [{ item_id: item.id, quantity: '2' }],
      })
    ).json().data[0];
    const lines = await ledgerOf('pay', sale.pay_id);
    expect(lines.map((l) => l.reference)).toEqual(Array(4).fill(sale.pay_ref));
    expect(lines.map((l) => l.memo)).toEqual([
      'فاتورة مبيعات',
      'فاتورة مبيعات',
      'المدفوع على فاتورة مبيعات',
      'المدفوع على فاتورة مبيعات',
    ]);
    expect(await stockOf(item.id)).toBe('8.000');

    const edited = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sale.pay_id, cust_id: customer.id, pay_date: '2026-11-22', pay: '0' },
      items: [{ item_id: item.id, quantity: '3' }],
    });
    expect(edited.statusCode).toBe(200);
    const after = await ledgerOf('pay', sale.pay_id);
    expect(after.map((l) => [l.reference, l.memo])).toEqual([
      [sale.pay_ref, 'فاتورة مبيعات'],
      [sale.pay_ref, 'فاتورة مبيعات'],
    ]);
    expect(await movementsOf('pay', sale.pay_id)).toBe(1);
    expect(await stockOf(item.id)).toBe('7.000');

    expect((await c.post('/api/pay/deleteWithItems', { pay_id: sale.pay_id })).statusCode).toBe(200);
    expect(await ledgerOf('pay', sale.pay_id)).toEqual([]);
    expect(await movementsOf('pay', sale.pay_id)).toBe(0);
    expect(await stockOf(item.id)).toBe('10.000');
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('an opening quantity posts one movement; setting it again replaces it; deleting the item removes it', async () => {
    const c = await signedIn();
    const { item } = await setup(c, '5');
    const firstq = async () =>
      (
        await ctx().database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from stock_movement where source_kind = 'firstq' and item_id = ${item.id}`,
        )
      ).rows[0]?.n;
    expect(await firstq()).toBe(1);
    expect(await stockOf(item.id)).toBe('5.000');
    const set = await c.post('/api/firstq/createf', { item_id: item.id, quantity: '9', fq_year: 1 });
    expect(set.statusCode).toBe(200);
    expect(await firstq()).toBe(1);
    expect(await stockOf(item.id)).toBe('9.000');
    expect((await c.post('/api/items/delete', { id: item.id })).statusCode).toBe(200);
    expect(await firstq()).toBe(0);
  });
});
