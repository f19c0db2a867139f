import type { ReturnableLine } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { formLines, returnAll, returnFigures, screenField, toReturnBody } from './returnForm.ts';

const returnable: ReturnableLine[] = [
  {
    item_id: 1,
    item_name: 'أ',
    quantity: '5.000',
    returned_quantity: '2.000',
    remaining_quantity: '3.000',
    original_price: '100.00',
    net_price: '90.00',
    net_total: '450.00',
  },
  {
    item_id: 2,
    item_name: 'ب',
    quantity: '1.000',
    returned_quantity: '0.000',
    remaining_quantity: '1.000',
    original_price: '10.00',
    net_price: '9.00',
    net_total: '9.00',
  },
];
const values = (over = {}) => ({
  original_pay_ref: 'SH-S-000001',
  return_date: '2026-03-12',
  return_reason: ' تالف ',
  returnComment: '',
  pay: '',
  return_method: '' as const,
  lines: formLines(returnable),
  ...over,
});

describe('the return form', () => {
  it('starts each line empty at the net price, with what can still come back', () => {
    expect(formLines(returnable)[0]).toMatchObject({
      sold: '5',
      returned: '2',
      max: '3',
      quantity: '',
      return_price: '90.00',
    });
  });

  it('an edit gives back its own quantities to what may be returned', () => {
    const editing = { items: [{ item_id: 1, quantity: '2.000', return_price: '80.00' }] } as never;
    expect(formLines(returnable, editing)[0]).toMatchObject({
      returned: '0',
      max: '5',
      quantity: '2',
      return_price: '80.00',
    });
  });

  it('"return all" takes every line back; the total and the balance part follow, in any digits', () => {
    const all = values({ lines: returnAll(formLines(returnable)), pay: '١٠٠' });
    expect(returnFigures(all)).toEqual({ total: '279.00', remaining: '179.00', refundTooLarge: false });
  });

  it('a return refunds no more than the original charged for the units: the last units take the rounding', () => {
    // 1,000 sold at 0.50 with a 4.99 discount charged 495.01; its net unit price rounds up to 0.50.
    const charged: ReturnableLine[] = [
      {
        item_id: 7,
        item_name: 'ج',
        quantity: '1000.000',
        returned_quantity: '0.000',
        remaining_quantity: '1000.000',
        original_price: '0.50',
        net_price: '0.50',
        net_total: '495.01',
      },
    ];
    const all = values({ lines: returnAll(formLines(charged)), pay: '495.01' });
    expect(returnFigures(all)).toEqual({ total: '495.01', remaining: '0.00', refundTooLarge: false });
    const part = (quantity: string, returned: string) =>
      returnFigures(
        values({
          lines: formLines([{ ...charged[0], returned_quantity: returned } as ReturnableLine]).map((l) => ({
            ...l,
            quantity,
          })),
        }),
      ).total;
    // 333 + 333 + 334 units: 164.84 + 164.84 + 165.33 = 495.01, as the server refunds them.
    expect([part('333', '0'), part('333', '333'), part('334', '666')]).toEqual(['164.84', '164.84', '165.33']);
  });

  it('sends only the lines that return something, and maps the server errors back to them', () => {
    const lines = formLines(returnable).map((l, i) => (i === 1 ? { ...l, quantity: '١' } : l));
    const body = toReturnBody(values({ lines }), 'key-12345678');
    expect(body).toEqual({
      invoice: {
        original_pay_ref: 'SH-S-000001',
        return_date: '2026-03-12',
        discount: '0',
        pay: '0',
        return_method: undefined,
        returnComment: undefined,
        return_reason: 'تالف',
      },
      items: [{ item_id: 2, quantity: '1', return_price: '9.00' }],
      idempotency_key: 'key-12345678',
    });
    expect(screenField('items.0.quantity', lines)).toBe('lines.1.quantity');
    expect(screenField('pay', lines)).toBeUndefined();
  });
});
