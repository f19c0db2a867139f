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

  /** The item's kept stock at cost in year 1, and the sum of its movements' values (they must agree). */
  const costOf = async (itemId: number) =>
    (
      await ctx().database.db.execute<{ quantity: string; value: string; movements: string }>(sql`
        select c.quantity::text, c.value::text,
          (select sum(m.value) from stock_movement m where m.item_id = c.item_id and m."yearId" = c."yearId")::text
            as movements
        from item_cost c where c.item_id = ${itemId} and c."yearId" = 1`)
    ).rows[0];
  const lineCostsOf = async (payId: number) =>
    (
      await ctx().database.db.execute<{ cost: string }>(
        sql`select cost::text from trade_line where pay_id = ${payId} order by id`,
      )
    ).rows.map((row) => row.cost);

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
    expect(lines.map((l) => l.reference)).toEqual(Array(6).fill(sale.pay_ref));
    expect(lines.map((l) => l.memo)).toEqual([
      // The money part (what the sale's content posts), then its cost part (what its goods cost on its date).
      'فاتورة مبيعات',
      'فاتورة مبيعات',
      'المدفوع على فاتورة مبيعات',
      'المدفوع على فاتورة مبيعات',
      'تكلفة فاتورة مبيعات',
      'تكلفة فاتورة مبيعات',
    ]);
    expect(await stockOf(item.id)).toBe('8.000');
    // The opening 10 came in at 80.00 each: 2 go out at 160.00, kept on the line, and 8 worth 640.00 remain.
    expect(await costOf(item.id)).toEqual({ quantity: '8.000', value: '640.00', movements: '640.00' });
    expect(await lineCostsOf(sale.pay_id)).toEqual(['160.00']);

    const edited = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sale.pay_id, cust_id: customer.id, pay_date: '2026-11-22', pay: '0' },
      items: [{ item_id: item.id, quantity: '3' }],
    });
    expect(edited.statusCode).toBe(200);
    const after = await ledgerOf('pay', sale.pay_id);
    expect(after.map((l) => [l.reference, l.memo])).toEqual([
      [sale.pay_ref, 'فاتورة مبيعات'],
      [sale.pay_ref, 'فاتورة مبيعات'],
      [sale.pay_ref, 'تكلفة فاتورة مبيعات'],
      [sale.pay_ref, 'تكلفة فاتورة مبيعات'],
    ]);
    expect(await movementsOf('pay', sale.pay_id)).toBe(1);
    expect(await stockOf(item.id)).toBe('7.000');
    // The edit took the old 2 back at their 160.00 and took 3 out at the average: 240.00.
    expect(await costOf(item.id)).toEqual({ quantity: '7.000', value: '560.00', movements: '560.00' });
    expect(await lineCostsOf(sale.pay_id)).toEqual(['240.00']);

    expect((await c.post('/api/pay/deleteWithItems', { pay_id: sale.pay_id })).statusCode).toBe(200);
    expect(await ledgerOf('pay', sale.pay_id)).toEqual([]);
    expect(await movementsOf('pay', sale.pay_id)).toBe(0);
    expect(await stockOf(item.id)).toBe('10.000');
    expect(await costOf(item.id)).toEqual({ quantity: '10.000', value: '800.00', movements: '800.00' });
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
