import { describe, expect, it } from 'vitest';
import {
  desktop,
  holdRequests,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
  toastShown,
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

async function open(path: string, options = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  await page.goto(`${running.server.baseUrl}${path}`);
  return page;
}

type Open = { pay_id: number; remaining: string };
type Due = { pay_id: number };

describe('vouchers: an owner collects what customers owe and pays the rent', () => {
  it('a receipt settles two invoices, the due notifications follow; an expense voucher; the record; receive payment', async () => {
    const page = await open('/folder/cash2');
    // The day's set-up through the API: a customer who bought twice on credit with a payment date passed.
    const customer = (
      await postFromPage(page, 'sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'ورشة الأمانة' })
    ).body.data[0];
    const item = (
      await postFromPage(page, 'items/create', {
        item_name: 'فلتر زيت سندات',
        perch_price: '60',
        pay_price: '100',
        firstQuantity: '50',
      })
    ).body.data[0];
    const sell = async (pay_date: string, quantity: string) =>
      (
        await postFromPage(page, 'pay/createWithItems', {
          invoice: { cust_id: customer.id, pay_date, pay: '0', nextPay: '2026-01-20' },
          items: [{ item_id: item.id, quantity }],
        })
      ).body.data[0];
    const first = await sell('2026-01-05', '3'); // 300
    const second = await sell('2026-01-10', '2'); // 200
    const due = () => readFromPage<Due[]>(page, 'pay/paynotif?yearId=1');
    expect((await due()).map((d) => d.pay_id)).toEqual(expect.arrayContaining([first.pay_id, second.pay_id]));
    // Aged receivables (as of today, the receipt's day): the two invoices, 500 owed.
    const owed = async () =>
      (await readFromPage<{ cust_id: number; total: string }[]>(page, 'reports/aging?yearId=1&pageSize=100')).find(
        (row) => row.cust_id === customer.id,
      )?.total ?? '0.00';
    expect(await owed()).toBe('500.00');

    // The receipt: kind, the customer by name, 500; the open invoices fill oldest first.
    await page.reload();
    await page.locator('form[data-testid="voucher-form"]').waitFor();
    await page.locator('.segmented label', { hasText: 'سند قبض' }).click();
    await page.locator('input[name="account"]').fill('ورشة الأمانة');
    await page.locator('[data-testid="open-invoice"]').nth(1).waitFor();
    await page.locator('input[name="amount"]').fill('٥٠٠');
    await expect.poll(() => page.locator(`input[name="allocation-${second.pay_id}"]`).inputValue()).toBe('200.00');
    expect(await page.locator(`input[name="allocation-${first.pay_id}"]`).inputValue()).toBe('300.00');
    await page.locator('input[name="j_details"]').fill('دفعة نقدية من الورشة');
    await screenshot(page, 'voucher-receipt-desktop-light');
    // Too much on one invoice is refused before it is sent, the row named.
    await page.locator(`input[name="allocation-${second.pay_id}"]`).fill('250');
    await expect.poll(() => page.getByTestId('save-voucher').isDisabled()).toBe(true);
    await expect
      .poll(() => page.locator('.voucher-allocations .field-error').first().textContent())
      .toContain('المتبقي');
    await page.locator(`input[name="allocation-${second.pay_id}"]`).fill('200');
    await page.getByTestId('save-voucher').click();
    await expect.poll(async () => (await toastShown(page))?.message).toMatch(/^تم حفظ السند SH-J-/);

    // Both invoices are settled: nothing open, nothing due.
    expect(
      await readFromPage<Open[]>(page, `vouchers/openInvoices?account_id=${customer.id}&voucher_kind=receipt`),
    ).toEqual([]);
    const stillDue = (await due()).map((d) => d.pay_id);
    expect(stillDue).not.toContain(first.pay_id);
    expect(stillDue).not.toContain(second.pay_id);
    expect(await owed()).toBe('0.00');

    // Rent paid from the cash box: expense accounts only; profit and loss shows it.
    const rentCents = async () => {
      const [pnl] = await readFromPage<{ expenses: { sub_name: string; amount: string }[] }[]>(
        page,
        'reports/profitAndLoss?yearId=1',
      );
      return Math.round(Number(pnl?.expenses.find((e) => e.sub_name === 'إيجار المحل')?.amount ?? '0') * 100);
    };
    const rentBefore = await rentCents();
    await page.goto(`${running.server.baseUrl}/folder/cash3`);
    await page.locator('form[data-testid="voucher-form"]').waitFor();
    await page.locator('input[name="account"]').fill('إيجار المحل');
    await page.locator('input[name="amount"]').fill('1500');
    await page.locator('input[name="j_details"]').fill('إيجار يناير');
    await screenshot(page, 'voucher-expense-desktop-light');
    await page.getByTestId('save-voucher').click();
    await expect.poll(async () => (await toastShown(page))?.message).toMatch(/^تم حفظ السند/);
    expect((await rentCents()) - rentBefore).toBe(150_000);

    // The record lists both with their sum; a third invoice is paid from the sales record's button.
    await page.goto(`${running.server.baseUrl}/folder/spend-record2`);
    const rows = page.locator('[data-testid="voucher-record"] tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('voucher-totals').textContent()).toContain('2,000.00');
    await screenshot(page, 'voucher-record-desktop-light');

    const third = await sell('2026-01-15', '1'); // 100
    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: third.pay_ref });
    await row.getByTestId('row-more').click();
    await page.getByTestId('settle-invoice').waitFor();
    await screenshot(page, 'sales-record-more-desktop-light');
    await page.getByTestId('settle-invoice').click();
    await page.waitForURL(/folder\/cash2\?kind=receipt/);
    await expect.poll(() => page.locator('input[name="amount"]').inputValue()).toBe('100.00');
    await expect.poll(() => page.locator(`input[name="allocation-${third.pay_id}"]`).inputValue()).toBe('100.00');
    await page.getByTestId('save-voucher').click();
    await expect.poll(async () => (await toastShown(page))?.message).toMatch(/^تم حفظ السند/);
    const balance = (
      await readFromPage<{ current_balance: string; currentCustumerStatus: string | null }[]>(
        page,
        `sub_accounts/getAccountBalance?account_id=${customer.id}`,
      )
    )[0];
    expect(balance).toMatchObject({ current_balance: '0.00', currentCustumerStatus: null });
    await page.context().close();
  });

  it('the account pickers search on the server: part of a name in another spelling, picked from the suggestions, a name saved before its search answered; no picker reads every account', async () => {
    const page = await open('/folder/cash3');
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sub_accounts/')) reads.push(new URL(request.url()).pathname);
    });
    await page.locator('form[data-testid="voucher-form"]').waitFor();
    // "ايجار" finds إيجار المحل: the suggestions come from the server, and a tap picks one.
    await page.locator('input[name="account"]').pressSequentially('ايجار');
    const option = page.locator('[role="listbox"] [role="option"]', { hasText: 'إيجار المحل' });
    await option.waitFor();
    await screenshot(page, 'voucher-account-suggestions-desktop-light');
    await option.click();
    await expect.poll(() => page.locator('input[name="account"]').inputValue()).toMatch(/^إيجار المحل/);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toContain('الرصيد');

    // A slow network: an account typed whole and saved at once (Enter in the amount) is saved with that account.
    await page.reload();
    await expect.poll(() => page.locator('select[name="money_account_id"]').inputValue()).not.toBe('');
    const search = await holdRequests(page, '**/sub_accounts/readWithBalance*');
    await page.locator('input[name="account"]').fill('الكهرباء');
    await page.locator('input[name="amount"]').fill('75');
    await page.locator('input[name="amount"]').press('Enter');
    await search.asked;
    search.release();
    await expect.poll(async () => (await toastShown(page))?.message).toMatch(/^تم حفظ السند/);
    await page.unroute('**/sub_accounts/readWithBalance*');
    // The journal's rows and the statement search the same way.
    for (const path of ['/folder/spends', '/folder/statement2']) {
      await page.goto(`${running.server.baseUrl}${path}`);
      const field = page.locator(
        path === '/folder/spends' ? '[data-testid="journal-debit-account-0"]' : '[data-testid="account-field"]',
      );
      await field.pressSequentially('الخزينه');
      await page.locator('[role="listbox"] [role="option"]', { hasText: 'الخزينة' }).first().waitFor();
    }
    expect(reads.some((path) => path.includes('readAllStore'))).toBe(false);
    expect(reads.some((path) => path.includes('readWithBalance'))).toBe(true);
    await page.context().close();
  });

  it('screenshots: desktop and phone, light and dark; the account tree with types', async () => {
    for (const [name, options, scheme] of [
      ['voucher-receipt-desktop-dark', desktop, 'dark'],
      ['voucher-receipt-phone-light', phone, 'light'],
      ['voucher-receipt-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await open('/folder/cash2', options, scheme);
      await page.locator('.segmented label', { hasText: 'سند قبض' }).click();
      await page.locator('input[name="account"]').fill('ورشة النيل');
      await page.locator('input[name="amount"]').fill('250');
      await page.waitForTimeout(300);
      await screenshot(page, name);
      await page.goto(`${running.server.baseUrl}/folder/spend-record2`);
      await page.locator('[data-testid="voucher-record"]').first().waitFor();
      await screenshot(page, name.replace('receipt', 'record'));
      await page.context().close();
    }
    const page = await open('/folder/account-tree');
    // A tree of three levels under the expenses: operating costs, utilities, water.
    const add = async (sub_name: string, parent_id?: number) =>
      (await postFromPage(page, 'sub_accounts/create', { ac_id: 3, sub_name, parent_id })).body.data[0].id as number;
    await add('مياه', await add('مرافق', await add('مصروفات تشغيلية')));
    await page.reload();
    const water = page.locator('[data-testid="account-tree"] ion-item', { hasText: 'مياه' });
    await water.waitFor();
    expect(await water.getAttribute('data-depth')).toBe('2');
    expect(await water.textContent()).toContain('مصروفات');
    await screenshot(page, 'account-tree-types-desktop');
    await page.context().close();
  });
});
