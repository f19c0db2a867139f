// @vitest-environment happy-dom
// The screens pick their phone or desktop routes by platform detection, which reads the browser window.
import { describe, expect, it } from 'vitest';
import { purchaseScreen, salesScreen } from './documentScreens.ts';
import { convertOrderStep, pickedDate, type SaveStep, saveSteps } from './saveInvoice.ts';

const body = { invoice: { cust_id: 1, pay_date: '2026-11-23' }, items: [] };
const paths = (steps: SaveStep[]) => steps.map((s) => s.route.path);

describe('which calls save an invoice', () => {
  it('sales: new final or preliminary, and every change of an open one', () => {
    expect(paths(saveSteps(salesScreen, undefined, true, body))).toEqual(['pay/createWithItems']);
    expect(paths(saveSteps(salesScreen, undefined, false, body))).toEqual(['payinit/createWithItems']);
    expect(paths(saveSteps(salesScreen, { kind: 'pay', pay_id: 4 }, true, body))).toEqual(['pay/updateWithItems']);
    expect(paths(saveSteps(salesScreen, { kind: 'pay', pay_id: 4 }, false, body))).toEqual([
      'payinit/saveWithItemsAndDeletePay',
    ]);
    expect(paths(saveSteps(salesScreen, { kind: 'payinit', pay_id: 4 }, true, body))).toEqual([
      'payinit/updateWithItems',
      'payinit/convertToFinal',
    ]);
    expect(saveSteps(salesScreen, { kind: 'pay', pay_id: 4 }, true, body)[0]?.body).toMatchObject({
      invoice: { pay_id: 4 },
    });
  });

  it('a preliminary invoice made final is dated today by the server, unless the user picked another date', () => {
    const kept = saveSteps(salesScreen, { kind: 'payinit', pay_id: 4, pay_date: '2026-11-23' }, true, body);
    expect(kept[1]?.body).toEqual({ pay_id: 4, pay_date: undefined });
    const picked = saveSteps(salesScreen, { kind: 'payinit', pay_id: 4, pay_date: '2026-10-01' }, true, body);
    expect(picked[1]?.body).toEqual({ pay_id: 4, pay_date: '2026-11-23' });
    expect(convertOrderStep(9, pickedDate('2026-10-01', '2026-10-01')).body).toEqual({
      pay_id: 9,
      pay_date: undefined,
    });
    expect(convertOrderStep(9, pickedDate('2026-10-01', '2026-11-02')).body).toEqual({
      pay_id: 9,
      pay_date: '2026-11-02',
    });
  });

  it('purchases are always final', () => {
    expect(paths(saveSteps(purchaseScreen, undefined, false, body))).toEqual(['perch/createWithItems']);
    expect(paths(saveSteps(purchaseScreen, { kind: 'perch', pay_id: 9 }, true, body))).toEqual([
      'perch/updateWithItems',
    ]);
  });
});
