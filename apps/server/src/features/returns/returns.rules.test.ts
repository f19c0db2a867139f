import { money } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { checkReturnLines, returnableLines, returnedCosts } from './returns.rules.ts';

const line = (item_id: number, quantity: string, price: string, tot: string) => ({
  item_id,
  item_name: `صنف ${item_id}`,
  quantity,
  price,
  tot,
});

describe('what may come back from an invoice', () => {
  it('nets each price of its share of the invoice discount and subtracts what earlier returns took', () => {
    const rows = returnableLines(
      { tot_pr: '300.00', discount: '30.00' },
      [line(1, '2', '100', '200'), line(2, '1', '100', '100')],
      [{ item_id: 1, quantity: '0.5' }],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        item_id: 1,
        quantity: '2.000',
        returned_quantity: '0.500',
        remaining_quantity: '1.500',
        original_price: '100.00',
        net_price: '90.00',
      }),
      expect.objectContaining({ item_id: 2, remaining_quantity: '1.000', net_price: '90.00' }),
    ]);
  });

  it('takes lines of one item at two prices together, at their average price', () => {
    const [row] = returnableLines(
      { tot_pr: '30.00', discount: '0' },
      [line(1, '1', '10', '10'), line(1, '1', '20', '20')],
      [],
    );
    expect(row).toMatchObject({ quantity: '2.000', original_price: '15.00', net_price: '15.00' });
  });

  it('rounds the net price to the cent', () => {
    const [row] = returnableLines({ tot_pr: '10.00', discount: '1.00' }, [line(1, '3', '3.33', '10.00')], []);
    expect(row?.net_price).toBe('3.00');
  });
});

describe('a return checked against its original', () => {
  const returnable = returnableLines({ tot_pr: '200.00', discount: '20.00' }, [line(1, '2', '100', '200')], []);

  it('defaults the price to the net price and tells when everything left comes back', () => {
    const checked = checkReturnLines(returnable, [{ item_id: 1, quantity: '2' }]);
    expect(checked).toEqual({
      ok: true,
      value: { lines: [{ item_id: 1, quantity: '2', price: money(9000n), original_price: '100.00' }], takesAll: true },
    });
  });

  it('refuses more than is left (summed over the lines of one item), a higher price, and an item not on it', () => {
    expect(
      checkReturnLines(returnable, [
        { item_id: 1, quantity: '1.5' },
        { item_id: 1, quantity: '1' },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'RETURN_EXCEEDS_REMAINING',
      fields: { 'items.1.quantity': 'RETURN_EXCEEDS_REMAINING' },
    });
    expect(checkReturnLines(returnable, [{ item_id: 1, quantity: '1', return_price: '90.01' }])).toMatchObject({
      code: 'RETURN_PRICE_ABOVE_ORIGINAL',
    });
    expect(checkReturnLines(returnable, [{ item_id: 9, quantity: '1' }])).toMatchObject({
      code: 'ITEM_NOT_ON_ORIGINAL',
    });
  });

  it('a lower price is allowed; a partial return is not full', () => {
    expect(checkReturnLines(returnable, [{ item_id: 1, quantity: '1', return_price: '50' }])).toMatchObject({
      ok: true,
      value: { takesAll: false },
    });
  });

  it('returned goods cost their sale line’s kept cost for the quantity, lines of one item together', () => {
    const sold = [
      { item_id: 1, quantity: '3', cost: '240.00' },
      { item_id: 2, quantity: '3', cost: '10.00' },
      { item_id: 3, quantity: '1', cost: null },
    ];
    const costs = returnedCosts(sold, [
      { item_id: 1, quantity: '1' },
      { item_id: 1, quantity: '1' },
      { item_id: 2, quantity: '1' },
      { item_id: 3, quantity: '1' },
    ]);
    // 2 of 3 at 240.00 is 160.00; 1 of 3 at 10.00 is 3.33 (half up); a line kept without cost is left to its price.
    expect(costs).toEqual(
      new Map([
        [1, money(16000n)],
        [2, money(333n)],
      ]),
    );
  });
});
