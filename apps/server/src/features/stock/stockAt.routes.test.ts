import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { stockAt } from './stockAt.ts';

/** Stock on a date is every movement up to it, whatever its year: one book across years. */
describeEachDatabase('stock at a date and time', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const buy = (c: TestClient, supplier: number, item: number, date: string, yearId: number, quantity: string) =>
    c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier, pay_date: date, pay_time: '10:00', discount: '0', pay: '0', yearId },
      items: [{ item_id: item, quantity, perch_price: '5' }],
    });

  it('sums every movement dated up to then, across years, and none after', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '0');
    const { item: still } = await setup(c, '0');
    expect((await buy(c, supplier.id, item.id, '2025-11-20', 2, '10')).statusCode).toBe(200);
    expect((await buy(c, supplier.id, item.id, '2026-03-01', 1, '5')).statusCode).toBe(200);
    const at = (date: string, time: string) => stockAt(ctx().database.db, 1, [item.id, still.id], date, time);
    expect(await at('2025-11-20', '09:59:59')).toEqual(
      new Map([
        [item.id, '0.000'],
        [still.id, '0.000'],
      ]),
    );
    expect((await at('2025-11-20', '10:00:00')).get(item.id)).toBe('10.000');
    expect((await at('2026-02-28', '23:59:59')).get(item.id)).toBe('10.000');
    expect((await at('2026-03-01', '10:00:00')).get(item.id)).toBe('15.000');

    // A count in 2026 counts against that stock: the 2025 purchase is on the shelf.
    const counted = await c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-03-02', yearId: 1 },
      items: [{ item_id: item.id, qtyReal: '16' }],
    });
    expect(counted.statusCode).toBe(200);
    expect(counted.json().data[0].items[0]).toMatchObject({ availQty: '15.000', quantity: '-1.000' });
  });
});
