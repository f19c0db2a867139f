// @vitest-environment happy-dom
// The screens pick their phone or desktop routes by platform detection, which reads the browser window.
import { describe, expect, it } from 'vitest';
import { purchaseScreen, salesScreen } from './documentScreens.ts';
import { type SaveStep, saveSteps } from './saveInvoice.ts';

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

  it('purchases are always final', () => {
    expect(paths(saveSteps(purchaseScreen, undefined, false, body))).toEqual(['perch/createWithItems']);
    expect(paths(saveSteps(purchaseScreen, { kind: 'perch', pay_id: 9 }, true, body))).toEqual([
      'perch/updateWithItems',
    ]);
  });
});
