import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { ledgerLine } from '../../db/schema.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('vouchers settle invoices', (ctx) => {
  const { signedIn, balancesOffTheLedger } = tradeFixtures(ctx);

  /** A customer of its own, an item with stock, the cash box and an expense account, in store 1. */
  const setup = async (c: TestClient) => {
    const item = (
      await c.post('/api/items/create', {
        item_name: `صنف ${Math.random()}`,
        perch_price: '80',
        pay_price: '100',
        firstQuantity: '100',
      })
    ).json().data[0];
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل ${Math.random()}` })
    ).json().data[0];
    const accounts = (await c.get('/api/sub_accounts/readAllStore')).json().data as {
      id: number;
      role: string | null;
      sub_name: string;
    }[];
    const cashBox = accounts.find((a) => a.role === 'cash_box')?.id ?? -1;
    const rent = accounts.find((a) => a.sub_name === 'إيجار المحل')?.id ?? -1;
    const sell = async (pay_date: string, quantity: string, nextPay?: string, yearId = 1) =>
      (
        await c.post(`/api/pay/createWithItems?yearId=${yearId}`, {
          invoice: { cust_id: customer.id, pay_date, pay: '0', nextPay, yearId },
          items: [{ item_id: item.id, quantity }],
        })
      ).json().data[0];
    return { item, customer, cashBox, rent, sell };
  };
  const openOf = async (c: TestClient, accountId: number, yearId = 1) =>
    (await c.get(`/api/vouchers/openInvoices?account_id=${accountId}&voucher_kind=receipt&yearId=${yearId}`)).json()
      .data as { pay_id: number; remaining: string; settled: string }[];
  const dueOf = async (c: TestClient) =>
    ((await c.get('/api/pay/paynotif?yearId=1')).json().data as { pay_id: number }[]).map((d) => d.pay_id);
  const voucherLines = (jId: number) =>
    ctx()
      .database.db.select({
        account_id: ledgerLine.account_id,
        debit: ledgerLine.debit,
        credit: ledgerLine.credit,
        line_date: ledgerLine.line_date,
      })
      .from(ledgerLine)
      .where(and(eq(ledgerLine.source_kind, 'journal'), eq(ledgerLine.source_id, jId)));

  it('aged receivables follow what vouchers settled, as of the voucher’s day', async () => {
    const c = await signedIn();
    const { customer, cashBox, sell } = await setup(c);
    await sell('2026-02-01', '3', '2026-03-01'); // 300
    await sell('2026-02-10', '2', '2026-03-10'); // 200
    const agingOf = async (asOf: string) =>
      (await c.get(`/api/reports/aging?as_of=${asOf}&pageSize=200`))
        .json()
        .data.find((row: { cust_id: number }) => row.cust_id === customer.id) as
        | { invoices: number; total: string }
        | undefined;
    const saved = await c.post('/api/vouchers/create', {
      voucher_kind: 'receipt',
      j_date: '2026-04-01',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '350',
      allocate_oldest: true,
    });
    expect(saved.statusCode).toBe(200);
    // Before the voucher the customer owed both invoices; from its day on, 150 of the second.
    expect(await agingOf('2026-03-31')).toMatchObject({ invoices: 2, total: '500.00' });
    expect(await agingOf('2026-04-01')).toMatchObject({ invoices: 1, total: '150.00' });
    const deleted = await c.post('/api/vouchers/delete', { j_id: saved.json().data[0].j_id });
    expect(deleted.statusCode).toBe(200);
    expect(await agingOf('2026-04-01')).toMatchObject({ invoices: 2, total: '500.00' });
  });

  it('aged receivables add up to what the customer owes: opening balance, returns, write-offs and money on account', async () => {
    const c = await signedIn();
    const { item, cashBox, rent } = await setup(c);
    const customer = (
      await c.post('/api/sub_accounts/create', {
        ac_id: 1,
        cat_id: 1,
        sub_name: `عميل ${Math.random()}`,
        sub_balance: '500',
        // Brought in at the book's start.
        opening_date: '2025-01-01',
      })
    ).json().data[0];
    const sale = (
      await c.post('/api/pay/createWithItems?yearId=1', {
        invoice: { cust_id: customer.id, pay_date: '2026-02-01', pay: '0', nextPay: '2026-03-01' },
        items: [{ item_id: item.id, quantity: '3' }],
      })
    ).json().data[0]; // 300, due 1 March
    const back = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sale.pay_ref, return_date: '2026-02-05' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(back.json().data[0]).toMatchObject({ changee: '100.00' });
    const writeOff = await c.post('/api/journal/createWithItems', {
      invoice: { j_date: '2026-02-10', j_details: 'خصم تسوية', yearId: 1 },
      items: [
        { ac_id: rent, debit: '50', credit: '0' },
        { ac_id: customer.id, debit: '0', credit: '50' },
      ],
    });
    expect(writeOff.statusCode).toBe(200);
    const onAccount = await c.post('/api/vouchers/create', {
      voucher_kind: 'receipt',
      j_date: '2026-02-12',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '20',
      allocations: [],
    });
    expect(onAccount.statusCode).toBe(200);

    const agingOf = async (asOf: string) =>
      (await c.get(`/api/reports/aging?as_of=${asOf}&pageSize=200`))
        .json()
        .data.find((row: { cust_id: number }) => row.cust_id === customer.id);
    const balance = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${customer.id}&yearId=1`)).json()
      .data[0];
    expect(balance).toMatchObject({ current_balance: '630.00', balance_type: 'debit' });
    // 500 + 300 − 100 − 50 − 20 = 630: the newest charge (the sale, due 1 March) is still owed in full, the opening
    // balance (owed since the book's first day, 1 January 2025) for the rest; what was paid or credited wipes out
    // the oldest first.
    expect(await agingOf('2026-03-15')).toMatchObject({
      invoices: 2,
      d0_30: '300.00',
      d31_60: '0.00',
      d61_90: '0.00',
      over_90: '330.00',
      total: '630.00',
    });
    // Before the sale, only the opening balance was owed; after it, the sale ages from its due date.
    expect(await agingOf('2026-01-20')).toMatchObject({ invoices: 1, over_90: '500.00', total: '500.00' });
    expect(await agingOf('2026-04-15')).toMatchObject({ d31_60: '300.00', total: '630.00' });
  });

  it('a receipt settles two invoices oldest first, dated on its own day; partial, over-allocation, edit and delete', async () => {
    const c = await signedIn();
    const { customer, cashBox, sell } = await setup(c);
    const first = await sell('2026-02-01', '3', '2026-03-01'); // 300
    const second = await sell('2026-02-10', '2', '2026-03-10'); // 200
    const third = await sell('2026-02-20', '1'); // 100
    expect(await dueOf(c)).toEqual(expect.arrayContaining([first.pay_id, second.pay_id]));

    // 450 received on 1 April: oldest first, the first in full and 150 of the second.
    const saved = await c.post('/api/vouchers/create', {
      voucher_kind: 'receipt',
      j_date: '2026-04-01',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '450',
      j_details: 'دفعة من العميل',
      allocate_oldest: true,
    });
    expect(saved.statusCode).toBe(200);
    const voucher = saved.json().data[0];
    expect(voucher).toMatchObject({ voucher_kind: 'receipt', j_type: 'سند قبض', j_pay: '450.00', allocated: '450.00' });
    expect(voucher.allocations.map((a: { pay_id: number; amount: string }) => [a.pay_id, a.amount])).toEqual([
      [first.pay_id, '300.00'],
      [second.pay_id, '150.00'],
    ]);
    // The cash is dated on the voucher's day, into the cash box, out of the customer.
    expect(await voucherLines(voucher.j_id)).toEqual(
      expect.arrayContaining([
        { account_id: cashBox, debit: '450.00', credit: '0.00', line_date: '2026-04-01' },
        { account_id: customer.id, debit: '0.00', credit: '450.00', line_date: '2026-04-01' },
      ]),
    );
    expect((await openOf(c, customer.id)).map((i) => [i.pay_id, i.remaining])).toEqual([
      [second.pay_id, '50.00'],
      [third.pay_id, '100.00'],
    ]);
    // The first is settled: no longer due; the second still is.
    const due = await dueOf(c);
    expect(due).not.toContain(first.pay_id);
    expect(due).toContain(second.pay_id);
    const doc = (await c.get(`/api/pay/getTopSales?yearId=1`))
      .json()
      .data.find((d: { pay_id: number }) => d.pay_id === first.pay_id);
    expect(doc).toMatchObject({ changee: '300.00', settled: '300.00' });
    // The customer's balance is the ledger's: 600 sold, 450 received.
    const balance = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${customer.id}&yearId=1`)).json()
      .data[0];
    expect(balance).toMatchObject({
      current_balance: '150.00',
      balance_type: 'debit',
      changeeTot: '600.00',
      toCreditTot: '450.00',
      sub_balance_now: '150.00',
      currentCustumerStatus: 'debit',
      next_pay: '2026-03-10',
    });

    // Beyond an invoice's remainder: refused, the field named; beyond the payment: the amount named.
    const beyondInvoice = await c.post('/api/vouchers/create', {
      voucher_kind: 'receipt',
      j_date: '2026-04-02',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '100',
      allocations: [{ pay_id: second.pay_id, amount: '50.01' }],
    });
    expect(beyondInvoice.statusCode).toBe(409);
    expect(beyondInvoice.json().error).toMatchObject({
      code: 'ALLOCATION_EXCEEDS_INVOICE',
      fields: { 'allocations.0.amount': 'ALLOCATION_EXCEEDS_INVOICE' },
    });
    expect(beyondInvoice.json().error.message).toContain('المتبقي');
    const beyondPayment = await c.post('/api/vouchers/create', {
      voucher_kind: 'receipt',
      j_date: '2026-04-02',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '100',
      allocations: [
        { pay_id: second.pay_id, amount: '50' },
        { pay_id: third.pay_id, amount: '60' },
      ],
    });
    expect(beyondPayment.json().error).toMatchObject({
      code: 'ALLOCATION_EXCEEDS_PAYMENT',
      fields: { amount: 'ALLOCATION_EXCEEDS_PAYMENT' },
    });
    // A settled invoice is not open; a sale is no purchase to a payment voucher.
    const settledAgain = await c.post('/api/vouchers/create', {
      voucher_kind: 'payment',
      j_date: '2026-04-02',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '10',
      allocations: [{ pay_id: third.pay_id, amount: '10' }],
    });
    expect(settledAgain.json().error.code).toBe('ALLOCATION_NOT_OPEN_INVOICE');

    // Partial by hand: 30 of the third.
    const partial = (
      await c.post('/api/vouchers/create', {
        voucher_kind: 'receipt',
        j_date: '2026-04-03',
        money_account_id: cashBox,
        account_id: customer.id,
        amount: '30',
        allocations: [{ pay_id: third.pay_id, amount: '30' }],
      })
    ).json().data[0];
    expect((await openOf(c, customer.id)).find((i) => i.pay_id === third.pay_id)?.remaining).toBe('70.00');

    // The invoice cannot be edited below what vouchers settled of it (a legacy client raising its payment).
    const raised = await c.post('/api/pay/update', {
      pay_id: first.pay_id,
      cust_id: customer.id,
      pay_date: '2026-02-01',
      tot_pr: '300',
      pay: '100',
      value_only: false,
    });
    expect(raised.statusCode).toBe(409);
    expect(raised.json().error).toMatchObject({
      code: 'INVOICE_BELOW_SETTLED',
      fields: { pay: 'INVOICE_BELOW_SETTLED' },
    });

    // Edit: only that voucher is posted again; its own allocations are free to it again.
    const before = await ctx().database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_line where source_kind <> 'journal' or source_id <> ${voucher.j_id}`,
    );
    const edited = await c.post('/api/vouchers/update', {
      j_id: voucher.j_id,
      voucher_kind: 'receipt',
      j_date: '2026-04-05',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '500',
      allocations: [
        { pay_id: first.pay_id, amount: '300' },
        { pay_id: second.pay_id, amount: '200' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(await voucherLines(voucher.j_id)).toEqual(
      expect.arrayContaining([{ account_id: cashBox, debit: '500.00', credit: '0.00', line_date: '2026-04-05' }]),
    );
    const after = await ctx().database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_line where source_kind <> 'journal' or source_id <> ${voucher.j_id}`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect(await dueOf(c)).not.toContain(second.pay_id);

    // Delete: the remainders come back, and the notifications with them.
    expect((await c.post('/api/vouchers/delete', { j_id: voucher.j_id })).statusCode).toBe(200);
    expect((await openOf(c, customer.id)).map((i) => [i.pay_id, i.remaining])).toEqual([
      [first.pay_id, '300.00'],
      [second.pay_id, '200.00'],
      [third.pay_id, '70.00'],
    ]);
    expect(await dueOf(c)).toEqual(expect.arrayContaining([first.pay_id, second.pay_id]));
    expect(await voucherLines(voucher.j_id)).toEqual([]);
    // Deleting the invoice takes its allocations with it; the voucher stays, as money received on account.
    expect((await c.post('/api/pay/deleteWithItems', { pay_id: third.pay_id })).statusCode).toBe(200);
    const kept = (await c.get(`/api/vouchers/read_single?j_id=${partial.j_id}`)).json().data[0];
    expect(kept).toMatchObject({ allocated: '0.00', j_pay: '30.00', allocations: [] });
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a voucher edited through the legacy journal calls keeps only the allocations its party still pays', async () => {
    const c = await signedIn();
    const { customer, cashBox, sell } = await setup(c);
    const other = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل ${Math.random()}` })
    ).json().data[0];
    const sale = await sell('2026-02-01', '3', '2026-03-01'); // 300
    const voucher = (
      await c.post('/api/vouchers/create', {
        voucher_kind: 'receipt',
        j_date: '2026-04-01',
        money_account_id: cashBox,
        account_id: customer.id,
        amount: '300',
        allocate_oldest: true,
      })
    ).json().data[0];
    expect((await openOf(c, customer.id)).map((i) => i.pay_id)).not.toContain(sale.pay_id);

    // A legacy client moves the receipt to another customer: the first customer's invoice is owed again, as the
    // ledger says (it no longer credits that customer), and the aging and due notifications agree.
    const moved = await c.post('/api/journal/updateWithItems', {
      invoice: { j_id: voucher.j_id, j_date: '2026-04-01', j_details: 'دفعة', j_type: 'سند قبض', yearId: 1 },
      items: [
        { ac_id: cashBox, debit: '300', credit: '0' },
        { ac_id: other.id, debit: '0', credit: '300' },
      ],
    });
    expect(moved.statusCode).toBe(200);
    expect((await openOf(c, customer.id)).map((i) => [i.pay_id, i.remaining])).toEqual([[sale.pay_id, '300.00']]);
    expect(await dueOf(c)).toContain(sale.pay_id);
    const read = (await c.get(`/api/vouchers/read_single?j_id=${voucher.j_id}`)).json().data[0];
    expect(read).toMatchObject({ allocated: '0.00', allocations: [], account_id: other.id, money_account_id: cashBox });

    // Lowered through the journal calls below what it settled: the allocations follow the new amount, newest
    // released first, rather than the edit being refused to a client that cannot see them.
    const again = (
      await c.post('/api/vouchers/create', {
        voucher_kind: 'receipt',
        j_date: '2026-04-02',
        money_account_id: cashBox,
        account_id: customer.id,
        amount: '300',
        allocate_oldest: true,
      })
    ).json().data[0];
    const lowered = await c.post('/api/journal/updateWithItems', {
      invoice: { j_id: again.j_id, j_date: '2026-04-02', j_details: 'دفعة', j_type: 'سند قبض', yearId: 1 },
      items: [
        { ac_id: cashBox, debit: '120', credit: '0' },
        { ac_id: customer.id, debit: '0', credit: '120' },
      ],
    });
    expect(lowered.statusCode).toBe(200);
    expect((await openOf(c, customer.id)).map((i) => [i.pay_id, i.remaining])).toEqual([[sale.pay_id, '180.00']]);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('an expense voucher takes expense accounts only, from any cash box; the record pages and sums; other stores see nothing', async () => {
    const c = await signedIn();
    const { customer, cashBox, rent } = await setup(c);
    const notExpense = await c.post('/api/vouchers/create', {
      voucher_kind: 'expense',
      j_date: '2026-05-01',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '500',
    });
    expect(notExpense.json().error).toMatchObject({
      code: 'NOT_AN_EXPENSE_ACCOUNT',
      fields: { account_id: 'NOT_AN_EXPENSE_ACCOUNT' },
    });
    const notMoney = await c.post('/api/vouchers/create', {
      voucher_kind: 'expense',
      j_date: '2026-05-01',
      money_account_id: customer.id,
      account_id: rent,
      amount: '500',
    });
    expect(notMoney.json().error.fields).toEqual({ money_account_id: 'NOT_A_MONEY_ACCOUNT' });
    const till = (
      await c.post('/api/sub_accounts/create', { ac_id: 4, cat_id: 4, sub_name: `درج ${Math.random()}` })
    ).json().data[0];
    const expense = (
      await c.post('/api/vouchers/create', {
        voucher_kind: 'expense',
        j_date: '2026-05-01',
        money_account_id: till.id,
        account_id: rent,
        amount: '500',
        j_details: 'إيجار مايو',
        idempotency_key: 'expense-key-0001',
      })
    ).json().data[0];
    expect(expense).toMatchObject({
      j_type: 'سند مصروفات',
      money_account_name: till.sub_name,
      account_name: 'إيجار المحل',
    });
    expect(await voucherLines(expense.j_id)).toEqual(
      expect.arrayContaining([
        { account_id: rent, debit: '500.00', credit: '0.00', line_date: '2026-05-01' },
        { account_id: till.id, debit: '0.00', credit: '500.00', line_date: '2026-05-01' },
      ]),
    );
    // A retry with the same key answers the same voucher.
    const retry = await c.post('/api/vouchers/create', {
      voucher_kind: 'expense',
      j_date: '2026-05-01',
      money_account_id: till.id,
      account_id: rent,
      amount: '500.00',
      idempotency_key: 'expense-key-0001',
    });
    expect(retry.json().data[0].j_id).toBe(expense.j_id);

    const page = (
      await c.get('/api/vouchers/list?from=2026-05-01&to=2026-05-31&voucher_kind=expense&pageSize=5')
    ).json();
    expect(page).toMatchObject({ total: 1, amount_total: '500.00', page: 1, pageSize: 5 });
    expect(page.data[0]).toMatchObject({ j_id: expense.j_id, account_name: 'إيجار المحل' });
    expect((await c.get('/api/vouchers/list?from=2026-05-02')).json().total).toBe(0);
    // The record as a sheet, same filters: right to left, the amount a number.
    const exported = await c.get('/api/vouchers/export?from=2026-05-01&to=2026-05-31&voucher_kind=expense');
    expect(exported.headers['content-disposition']).toContain('vouchers.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.views[0]?.rightToLeft).toBe(true);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      expense.j_ref,
      '2026-05-01',
      'سند مصروفات',
      'إيجار مايو',
      500,
      0,
      till.sub_name,
      'إيجار المحل',
    ]);

    const other = await signedIn('admin', 'admin123', 2);
    expect((await other.get(`/api/vouchers/read_single?j_id=${expense.j_id}`)).statusCode).toBe(404);
    expect((await other.post('/api/vouchers/delete', { j_id: expense.j_id })).statusCode).toBe(404);
    expect((await other.get('/api/vouchers/list?from=2026-05-01&to=2026-05-31')).json().total).toBe(0);
    expect(
      (await other.get(`/api/vouchers/openInvoices?account_id=${customer.id}&voucher_kind=receipt`)).json().data,
    ).toEqual([]);
    expect((await c.get('/api/vouchers/list?store_id=2')).statusCode).toBe(403);
  });

  // Last: it books 2025, after which the store's first year is 2025 (no more opening quantities in 2026).
  it('across a year end: a 2026 receipt settles a 2025 invoice; nothing into a closed year', async () => {
    const c = await signedIn();
    const { item, customer, cashBox, sell } = await setup(c);
    // Goods bought in 2025, sold in December on credit.
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    const bought = await c.post('/api/perch/createWithItems?yearId=2', {
      invoice: { cust_id: supplier.id, pay_date: '2025-12-01', pay: '0', yearId: 2 },
      items: [{ item_id: item.id, quantity: '5' }],
    });
    expect(bought.statusCode).toBe(200);
    const old = await sell('2025-12-20', '2', undefined, 2);
    expect((await openOf(c, customer.id, 1)).map((i) => i.pay_id)).toContain(old.pay_id);
    const receipt = await c.post('/api/vouchers/create?yearId=1', {
      voucher_kind: 'receipt',
      j_date: '2026-01-05',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '200',
      allocate_oldest: true,
    });
    expect(receipt.json().data[0].allocations).toEqual([
      expect.objectContaining({ pay_id: old.pay_id, amount: '200.00' }),
    ]);
    expect(await openOf(c, customer.id, 1)).toEqual([]);

    expect((await c.post('/api/year/close', { yearId: 2 })).statusCode).toBe(200);
    const closed = await c.post('/api/vouchers/create?yearId=2', {
      voucher_kind: 'receipt',
      j_date: '2025-12-30',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '10',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('YEAR_CLOSED');
    // A voucher dated outside the year asked is refused, the date named.
    const outside = await c.post('/api/vouchers/create?yearId=1', {
      voucher_kind: 'receipt',
      j_date: '2025-12-30',
      money_account_id: cashBox,
      account_id: customer.id,
      amount: '10',
    });
    expect(outside.json().error).toMatchObject({ code: 'DATE_OUTSIDE_YEAR', fields: { j_date: 'DATE_OUTSIDE_YEAR' } });
    expect((await c.post('/api/year/reopen', { yearId: 2 })).statusCode).toBe(200);
  });
});
