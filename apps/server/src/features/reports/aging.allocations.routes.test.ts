import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';

/**
 * Issue 35, item 6: aging ages what is open on each invoice. A customer owes an April invoice (100.00), a May one
 * (50.00) and a July one (100.00); a receipt of 100.00 allocated by hand to July settles July, not April, and a
 * later 30.00 received on account (not allocated) settles the oldest open invoice first. On 5 August the April
 * invoice has been unpaid for 117 days: it is in the over-90 column, as the open-invoice list shows it open; the
 * dashboard's overdue receivables read the same figures. The same with a supplier and a payment.
 */
describeEachDatabase('aging after allocations', (ctx) => {
  const { signedIn, accountsOf } = journalFixtures(ctx);
  const get = async (c: TestClient, url: string) => {
    const answer = await c.get(url);
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json();
  };

  const shop = async (side: 'receivable' | 'payable') => {
    const c = await signedIn();
    const { byRole } = await accountsOf(1);
    const [doc, voucherKind, acId] = side === 'receivable' ? ['pay', 'receipt', 1] : ['perch', 'payment', 2];
    const party = (
      await c.post('/api/sub_accounts/create', { ac_id: acId, cat_id: acId, sub_name: `طرف ${Math.random()}` })
    ).json().data[0].id as number;
    const item = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '50', pay_price: '50' })
    ).json().data[0];
    const invoice = async (pay_date: string, quantity: string) => {
      const price = side === 'receivable' ? { pay_price: '50' } : { perch_price: '50' };
      const res = await c.post(`/api/${doc}/createWithItems?yearId=1`, {
        invoice: { cust_id: party, pay_date, discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity, ...price }],
      });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      return res.json().data[0].pay_id as number;
    };
    if (side === 'receivable') {
      // Stock to sell, bought and paid in full from another supplier.
      const supplier = (await get(c, '/api/sub_accounts/readByStore?ac_id=2')).data[0];
      const bought = await c.post('/api/perch/createWithItems?yearId=1', {
        invoice: { cust_id: supplier.id, pay_date: '2026-04-01', discount: '0', pay: '500' },
        items: [{ item_id: item.id, quantity: '10', perch_price: '50' }],
      });
      expect(bought.statusCode, JSON.stringify(bought.json())).toBe(200);
    }
    const april = await invoice('2026-04-10', '2');
    const may = await invoice('2026-05-15', '1');
    const july = await invoice('2026-07-10', '2');
    const voucher = async (j_date: string, amount: string, allocations: { pay_id: number; amount: string }[]) => {
      const res = await c.post('/api/vouchers/create?yearId=1', {
        voucher_kind: voucherKind,
        j_date,
        money_account_id: byRole('cash_box'),
        account_id: party,
        amount,
        allocate_oldest: false,
        allocations,
      });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    };
    await voucher('2026-07-20', '100', [{ pay_id: july, amount: '100' }]);
    await voucher('2026-07-22', '30', []);
    const rowOf = async (asOf: string) =>
      (await get(c, `/api/reports/aging?side=${side}&as_of=${asOf}&pageSize=200`)).data.find(
        (row: { cust_id: number }) => row.cust_id === party,
      );
    return { c, party, voucherKind, april, may, july, rowOf };
  };

  for (const side of ['receivable', 'payable'] as const)
    it(`${side}: an April invoice left open by a payment allocated to July is over 90 days on 5 August`, async () => {
      const { c, party, voucherKind, april, may, rowOf } = await shop(side);
      // The open-invoice list: April and May open, July settled by its allocation.
      const open = await get(c, `/api/vouchers/openInvoices?account_id=${party}&voucher_kind=${voucherKind}&yearId=1`);
      expect(
        open.data.map((i: { pay_id: number; pay_date: string; remaining: string }) => [i.pay_id, i.remaining]),
      ).toEqual([
        [april, '100.00'],
        [may, '50.00'],
      ]);
      // 10 April to 5 August: 117 days. The 30.00 on account settles the oldest open first: 70.00 of April is left.
      expect(await rowOf('2026-08-05')).toMatchObject({
        invoices: 2,
        d0_30: '0.00',
        d31_60: '0.00',
        d61_90: '50.00',
        over_90: '70.00',
        total: '120.00',
      });
      // Before the receipts every invoice is open; between them only the allocated one is settled.
      expect(await rowOf('2026-07-15')).toMatchObject({
        invoices: 3,
        d0_30: '100.00',
        d61_90: '50.00',
        over_90: '100.00',
        total: '250.00',
      });
      expect(await rowOf('2026-07-21')).toMatchObject({
        invoices: 2,
        d0_30: '0.00',
        d61_90: '50.00',
        over_90: '100.00',
        total: '150.00',
      });
      if (side === 'receivable') {
        // The dashboard's overdue receivables are the aging report's columns past 30 days.
        const dashboard = (await get(c, '/api/dashboard/read?date=2026-08-05')).data[0];
        const aged = await get(c, '/api/reports/aging?side=receivable&as_of=2026-08-05&pageSize=200');
        const overdue = (row: { d31_60: string; d61_90: string; over_90: string }) =>
          (Number(row.d31_60) + Number(row.d61_90) + Number(row.over_90)).toFixed(2);
        expect(dashboard.receivables).toMatchObject({ total: aged.sums.total, overdue: overdue(aged.sums) });
      }
    });
});
