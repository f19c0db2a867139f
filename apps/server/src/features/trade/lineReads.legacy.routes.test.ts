/**
 * The legacy movement reads of sale and purchase lines (api.md `pay_details/*`, `perch_details/*`), which the old
 * item movement report was built from: by item, by date, by item and a date or two dates, quantity by item; with
 * `.php`, the legacy parameter names, and no rows (not an error) where nothing matches (issue 19).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

type Line = { pay_ref: string; item_id: number; quantity: string; pay_date: string; sub_name: string };

describeEachDatabase('legacy movement reads of sale and purchase lines', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const save = (c: TestClient, kind: 'pay' | 'perch', party: number, item: number, date: string, quantity: string) =>
    c.post(`/api/${kind}/createWithItems`, {
      invoice: { cust_id: party, pay_date: date, discount: '0', pay: '0' },
      items: [{ item_id: item, quantity, [kind === 'pay' ? 'pay_price' : 'perch_price']: '10' }],
    });
  const read = async (c: TestClient, path: string) => {
    const answer = await c.get(path);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as Line[];
  };

  it('by item, by date, by item and one or two dates, quantity by item; nothing found is no rows', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const bought = (await save(c, 'perch', supplier.id, item.id, '2026-04-01', '9')).json().data[0];
    const sold1 = (await save(c, 'pay', customer.id, item.id, '2026-04-02', '2')).json().data[0];
    const sold2 = (await save(c, 'pay', customer.id, item.id, '2026-04-05', '3')).json().data[0];
    const year = 'store_id=1&yearId=1';
    const refs = (lines: Line[]) => lines.map((line) => line.pay_ref).sort();

    for (const base of ['/api', '/api23']) {
      const sales = await read(c, `${base}/pay_details/readAllByItemId.php?${year}&item_id=${item.id}`);
      expect(refs(sales)).toEqual([sold1.pay_ref, sold2.pay_ref].sort());
      expect(sales[0]).toMatchObject({ item_id: item.id, sub_name: customer.sub_name });
    }
    expect(
      refs(await read(c, `/api/pay_details/readAllByItemIdDate.php?${year}&item_id=${item.id}&from=2026-04-05`)),
    ).toEqual([sold2.pay_ref]);
    expect(
      refs(
        await read(
          c,
          `/api/pay_details/readAllByItemId2Date.php?${year}&item_id=${item.id}&from=2026-04-01&to=2026-04-03`,
        ),
      ),
    ).toEqual([sold1.pay_ref]);
    expect(refs(await read(c, `/api/pay_details/readAllByDate.php?${year}&from=2026-04-02`))).toContain(sold1.pay_ref);
    expect(await read(c, `/api/pay_details/readQtyByItemId.php?${year}&item_id=${item.id}`)).toEqual([
      { quantity: '5.000' },
    ]);
    expect(refs(await read(c, `/api/perch_details/readAllByItemId.php?${year}&item_id=${item.id}`))).toEqual([
      bought.pay_ref,
    ]);
    expect(
      refs(await read(c, `/api/perch_details/readAllByItemIdDate?${year}&item_id=${item.id}&from=2026-04-01`)),
    ).toEqual([bought.pay_ref]);
    expect(
      refs(
        await read(
          c,
          `/api/perch_details/readAllByItemId2Date?${year}&item_id=${item.id}&from=2026-04-01&to=2026-04-30`,
        ),
      ),
    ).toEqual([bought.pay_ref]);
    expect(refs(await read(c, `/api/perch_details/readAllByDate?${year}&from=2026-04-01`))).toContain(bought.pay_ref);
    expect(await read(c, `/api/perch_details/readQtyByItemId.php?${year}&item_id=${item.id}`)).toEqual([
      { quantity: '9.000' },
    ]);
    expect(refs(await read(c, `/api/perch_details/readByStoreByRef.php?${year}&pay_ref=${bought.pay_ref}`))).toEqual([
      bought.pay_ref,
    ]);

    // Nothing there: no rows, and a quantity of zero.
    expect(
      await read(c, `/api/pay_details/readAllByItemIdDate.php?${year}&item_id=${item.id}&from=2026-04-03`),
    ).toEqual([]);
    expect(await read(c, `/api/perch_details/readAllByDate.php?${year}&from=2001-01-01`)).toEqual([]);
    expect(await read(c, `/api/pay_details/readByStoreByRef.php?${year}&pay_ref=NOPE`)).toEqual([]);
    expect(await read(c, `/api/pay_details/readAllByItemId.php?${year}&item_id=999999`)).toEqual([]);
    expect(await read(c, `/api/perch_details/readQtyByItemId.php?${year}&item_id=999999`)).toEqual([{ quantity: '0' }]);
    // Another year holds none of them.
    expect(await read(c, `/api/pay_details/readAllByItemId.php?store_id=1&yearId=2&item_id=${item.id}`)).toEqual([]);
  });
});
