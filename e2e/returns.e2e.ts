/**
 * Sales and purchase returns (issue 10): a partial sales return started from the sales record (stock and the
 * customer's balance follow, the record shows what is left to return), a second return refused past what was
 * sold, and a purchase return of a whole invoice picked by its reference.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
  toastShown,
  typeInto,
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const toastMessage = async (page: Page) => (await toastShown(page))?.message ?? '';

async function open(path: string, options: BrowserContextOptions = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  await page.goto(`${running.server.baseUrl}${path}`);
  return page;
}

const stockOf = async (page: Page, partNo: string) =>
  (await readFromPage<{ quantity: string }[]>(page, `items/searchStock?store_id=1&search=${partNo}`))[0]?.quantity;
const balanceOf = async (page: Page, accountId: number) =>
  (
    await readFromPage<{ current_balance: string }[]>(
      page,
      `sub_accounts/getAccountBalance?account_id=${accountId}&store_id=1`,
    )
  )[0]?.current_balance;
const partyNamed = async (page: Page, acId: number, name: string) =>
  (await readFromPage<{ id: number; sub_name: string }[]>(page, `sub_accounts/readByStore?ac_id=${acId}`)).find(
    (a) => a.sub_name === name,
  );

const returnLines = (page: Page) => page.locator('[data-testid="return-lines"] tbody tr');

describe('returns', () => {
  it('a partial sales return from the sales record; the record shows what is left; a second return past it is refused', async () => {
    const page = await open('/folder/sales-record');
    expect(
      await createItem(page, {
        item_name: 'فلتر زيت',
        part_no: 'RTN-OIL',
        perch_price: '30',
        pay_price: '50',
        firstQuantity: '20',
      }),
    ).toBe(200);
    const item = (await readFromPage<{ id: number }[]>(page, 'items/searchStock?store_id=1&search=RTN-OIL'))[0];
    const customer = await partyNamed(page, 1, 'محمد عثمان للتجارة');
    if (!item || !customer) throw new Error('demo data missing');
    const sale = await postFromPage(page, 'pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-06-15', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '5', pay_price: '50' }],
    });
    expect(sale.status).toBe(200);
    const ref = sale.body.data[0].pay_ref as string;
    expect(await stockOf(page, 'RTN-OIL')).toBe('15.000');
    const owedBefore = Number(await balanceOf(page, customer.id));

    await page.reload();
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref });
    await row.waitFor();
    // The return action waits under "more" in the record's row.
    await row.getByTestId('row-more').click();
    await page.getByTestId('return-action').click();
    await page.waitForURL(/folder\/sales-return\?original=/);
    await returnLines(page).first().waitFor();
    expect(await page.getByTestId('return-original').textContent()).toContain('محمد عثمان للتجارة');
    await expect.poll(() => returnLines(page).first().getByTestId('can-return').textContent()).toBe('5');
    await typeInto(page, 'return_date', '20/06/2026');
    await returnLines(page).first().getByLabel('الكمية المرتجعة').fill('٢');
    await page.locator('input[name="return_reason"]').fill('عبوة تالفة');
    await expect.poll(() => page.getByTestId('return-total').textContent()).toBe('100.00');
    await screenshot(page, 'sales-return-desktop-light');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/تم حفظ المرتجع SH-SR-\d{6}/);
    // The print question answers to the keyboard as the invoices' does: Esc goes on without printing.
    await page.locator('.question', { hasText: 'هل تريد طباعة المرتجع' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.question').waitFor({ state: 'detached' });

    // Stock comes back and the customer owes the return's value less.
    expect(await stockOf(page, 'RTN-OIL')).toBe('17.000');
    expect(owedBefore - Number(await balanceOf(page, customer.id))).toBe(100);
    // The same screen now shows what came back and what is left.
    await expect.poll(() => returnLines(page).first().getByTestId('returned-already').textContent()).toBe('2');
    await expect.poll(() => returnLines(page).first().getByTestId('can-return').textContent()).toBe('3');

    // The sales record shows what is left to return of the invoice.
    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    await expect
      .poll(() => page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref }).textContent())
      .toContain('3 من 5');
    await screenshot(page, 'sales-record-left-to-return-desktop-light');

    // A second return past what is left: refused, the field says how much is left, nothing changes.
    const again = page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref });
    await again.getByTestId('row-more').click();
    await page.getByTestId('return-action').click();
    await page.waitForURL(/folder\/sales-return\?original=/);
    await expect.poll(() => returnLines(page).first().getByTestId('can-return').textContent()).toBe('3');
    await returnLines(page).first().getByLabel('الكمية المرتجعة').fill('4');
    await page.getByTestId('save-return').click();
    await expect
      .poll(() => toastMessage(page))
      .toBe('الكمية المرتجعة أكبر من المتبقي القابل للإرجاع من الفاتورة الأصلية');
    await expect.poll(() => returnLines(page).first().locator('.field-error').textContent()).toContain('3');
    await screenshot(page, 'sales-return-refused-desktop-light');
    expect(await stockOf(page, 'RTN-OIL')).toBe('17.000');

    // The returns record lists the return; it opens for edit and prints with its heading.
    await page.goto(`${running.server.baseUrl}/folder/sales-returns-record`);
    const saved = page.locator('[data-testid="returns-record"] tbody tr', { hasText: ref });
    await saved.waitFor();
    expect(await saved.textContent()).toContain('عبوة تالفة');
    await screenshot(page, 'sales-returns-record-desktop-light');
    await saved.locator('ion-button', { hasText: 'طباعة' }).click();
    await page.getByTestId('invoice-print').waitFor();
    expect(await page.locator('.print-title').textContent()).toBe('فاتورة مرتجعة مبيعات');
    // It names the invoice the goods came back from.
    await expect.poll(() => page.getByTestId('print-original').textContent()).toBe(ref);
    expect(await page.getByTestId('print-totals').textContent()).toContain('يخصم من الرصيد');
    await screenshot(page, 'sales-return-print-desktop');
    await page.goto(`${running.server.baseUrl}/folder/sales-returns-record`);
    await saved.locator('ion-button', { hasText: 'تعديل' }).click();
    await page.waitForURL(/edit-sales-return/);
    await expect.poll(() => returnLines(page).first().getByLabel('الكمية المرتجعة').inputValue()).toBe('2');
    await expect.poll(() => returnLines(page).first().getByTestId('can-return').textContent()).toBe('5');
    // Deleting the return takes its goods out again and goes back to the record.
    await page.locator('ion-button', { hasText: 'حــذف' }).click();
    await page.locator('ion-alert button', { hasText: 'موافق' }).click();
    await page.waitForURL(/sales-returns-record/);
    await expect.poll(() => toastMessage(page)).toBe('تم حذف المرتجع');
    expect(await stockOf(page, 'RTN-OIL')).toBe('15.000');
    await page.context().close();
  });

  it('a purchase return picked by its reference sends the whole invoice back', async () => {
    const page = await open('/folder/purchase-return');
    expect(
      await createItem(page, {
        item_name: 'بطارية ٧٠ أمبير',
        part_no: 'RTN-BAT',
        perch_price: '400',
        pay_price: '520',
      }),
    ).toBe(200);
    const item = (await readFromPage<{ id: number }[]>(page, 'items/searchStock?store_id=1&search=RTN-BAT'))[0];
    const supplier = await partyNamed(page, 2, 'شركة الخليج للاسبيرات');
    if (!item || !supplier) throw new Error('demo data missing');
    const owedBefore = await balanceOf(page, supplier.id);
    const purchase = await postFromPage(page, 'perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-06-15', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '3', perch_price: '400' }],
    });
    expect(purchase.status).toBe(200);
    const ref = purchase.body.data[0].pay_ref as string;

    await typeInto(page, 'original_pay_ref', ref.toLowerCase());
    await page.keyboard.press('Enter');
    await returnLines(page).first().waitFor();
    await page.getByTestId('return-all').click();
    await expect.poll(() => page.getByTestId('return-total').textContent()).toBe('1,200.00');
    await page.locator('input[name="return_reason"]').fill('مقاس غير مطابق');
    await screenshot(page, 'purchase-return-desktop-light');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/تم حفظ المرتجع SH-PR-\d{6}/);
    // The print question answers to the keyboard as the invoices' does: Esc goes on without printing.
    await page.locator('.question', { hasText: 'هل تريد طباعة المرتجع' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.question').waitFor({ state: 'detached' });
    expect(await stockOf(page, 'RTN-BAT')).toBe('0.000');
    // The supplier is owed what he was before the purchase.
    expect(await balanceOf(page, supplier.id)).toBe(owedBefore);
    await expect.poll(() => returnLines(page).first().getByTestId('can-return').textContent()).toBe('0');
    await page.context().close();
  });

  it('screenshots: the return screen in dark and on a phone, light and dark', async () => {
    for (const [name, options, scheme] of [
      ['sales-return-desktop-dark', desktop, 'dark'],
      ['sales-return-phone-light', phone, 'light'],
      ['sales-return-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await open('/folder/sales-record', options, scheme);
      const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'محمد عثمان للتجارة' }).first();
      await row.waitFor();
      await row.getByTestId('row-more').click();
      await page.getByTestId('return-action').click();
      await returnLines(page).first().waitFor();
      await returnLines(page).first().getByLabel('الكمية المرتجعة').fill('1');
      await screenshot(page, name);
      await page.context().close();
    }
    const page = await open('/folder/purchase-returns-record', phone, 'light');
    await page.locator('[data-testid="returns-record"] tbody tr').first().waitFor();
    await screenshot(page, 'purchase-returns-record-phone-light');
    await page.context().close();
  });

  // After the screenshots, which open the newest sale of the record.
  it('a full return of a sale whose discount does not divide into cents refunds exactly what it charged', async () => {
    const page = await open('/folder/sales-return');
    expect(
      await createItem(page, { item_name: 'حلقة مطاطية', part_no: 'RTN-RING', perch_price: '0.20', pay_price: '0.50' }),
    ).toBe(200);
    const item = (await readFromPage<{ id: number }[]>(page, 'items/searchStock?store_id=1&search=RTN-RING'))[0];
    const supplier = await partyNamed(page, 2, 'شركة الخليج للاسبيرات');
    const customer = await partyNamed(page, 1, 'محمد عثمان للتجارة');
    if (!item || !supplier || !customer) throw new Error('demo data missing');
    const bought = await postFromPage(page, 'perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-06-14', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '1000', perch_price: '0.20' }],
    });
    expect(bought.status).toBe(200);
    const owedBefore = await balanceOf(page, customer.id);
    // 1,000 at 0.50 less 4.99 charged 495.01, paid in cash: no price in cents times 1,000 makes it.
    const sale = await postFromPage(page, 'pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-06-15', discount: '4.99', pay: '495.01' },
      items: [{ item_id: item.id, quantity: '1000', pay_price: '0.50' }],
    });
    expect(sale.status).toBe(200);
    const ref = sale.body.data[0].pay_ref as string;

    await typeInto(page, 'original_pay_ref', ref);
    await page.keyboard.press('Enter');
    await returnLines(page).first().waitFor();
    await page.getByTestId('return-all').click();
    await expect.poll(() => page.getByTestId('return-total').textContent()).toBe('495.01');
    // The cashier pays back what the screen shows.
    await page.locator('input[name="pay"]').fill('495.01');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/تم حفظ المرتجع SH-SR-\d{6}/);
    // The print question answers to the keyboard as the invoices' does: Esc goes on without printing.
    await page.locator('.question', { hasText: 'هل تريد طباعة المرتجع' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.question').waitFor({ state: 'detached' });
    // Paid and paid back to the cent: the customer owes what he did before the sale.
    expect(await balanceOf(page, customer.id)).toBe(owedBefore);
    await page.context().close();
  });
});
