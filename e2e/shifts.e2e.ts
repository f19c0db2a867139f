/**
 * A cashier's shift from open to Z report (issue 34, docs/shifts.md), across screens as the day goes: the float
 * typed in Arabic-Indic digits on the shift screen, sales scanned on the POS at the same till, back to the shift for
 * a paid out, the close counted 5.00 short, the Z report on the 58 mm roll; the phone's own till; the manager's
 * record, where a manager closes a shift left open and reopens it. Desktop and phone, light and dark. A sale on the
 * desktop sales invoice of the device is the shift's too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  invoiceLines,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
  typeInto,
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

type Report = { sales_count: number; cash_sales: string; expected_cash: string; difference: string | null };

async function openAs(user: string, password: string, options = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  // The close asks before it closes: the cashier says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, running.server.baseUrl, user, password);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  return page;
}
const goShift = async (page: Page) => {
  await page.goto(`${running.server.baseUrl}/folder/shift`);
  await page.getByTestId('shift-state').first().waitFor();
};
const figure = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"] td`).first().innerText();
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('a till shift', () => {
  it('opens with the float, takes the POS sales, pays out, closes counted short and prints the Z report', async () => {
    const admin = await openAs('admin', 'admin123');
    expect(
      await createItem(admin, {
        item_name: 'زيت محرك',
        part_no: 'SHF-1',
        perch_price: '30',
        pay_price: '50',
        firstQuantity: '40',
      }),
    ).toBe(200);
    const store = await postFromPage(admin, 'store/update', {
      id: 1,
      store_name: 'المخزن الرئيسي',
      location: 'الخرطوم',
      shifts_required: true,
    });
    expect(store.status).toBe(200);

    const cashier = await openAs('cashier', 'cashier123');
    await goShift(cashier);
    expect(await cashier.getByTestId('shift-state').innerText()).toContain('لا توجد وردية مفتوحة');
    await typeInto(cashier, 'till', 'كاشير 1');
    await typeInto(cashier, 'opening_float', '١٠٠');
    await cashier.getByTestId('open-shift').click();
    await cashier.getByTestId('shift-report').waitFor();
    expect(await cashier.getByTestId('shift-report-title').innerText()).toContain('تقرير X');
    await expect.poll(() => figure(cashier, 'shift-expected')).toBe('100.00');

    // Two sales at the POS of the same device: they are the shift's.
    await cashier.goto(`${running.server.baseUrl}/folder/pos-sales`);
    await cashier.locator('[data-testid="pos-scan"]').waitFor();
    for (let sale = 1; sale <= 2; sale++) {
      await scan(cashier, 'SHF-1');
      await expect.poll(() => cashier.locator('[data-testid="pos-line"]').count()).toBe(1);
      await cashier.locator('[data-testid="pos-pay"]').click();
      await expect.poll(() => cashier.locator('[data-testid="pos-line"]').count()).toBe(0);
    }
    const current = async () =>
      (await readFromPage<Report[]>(cashier, `shift/current?till=${encodeURIComponent('كاشير 1')}`))?.[0];
    await expect.poll(async () => JSON.stringify((await current()) ?? null)).toContain('"sales_count":2');

    // A third on the desktop sales invoice of the same device: the shift's too (it sends the device's till).
    await cashier.goto(`${running.server.baseUrl}/folder/sales`);
    await expect.poll(() => cashier.locator('input[name="customer"]').inputValue()).toContain('عميل نقدي');
    await typeInto(cashier, 'item_search', 'SHF-1');
    await cashier.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(cashier).count()).toBe(1);
    await cashier.keyboard.press('Control+s');
    await cashier.locator('.question button', { hasText: 'لا' }).click();
    await expect.poll(async () => JSON.stringify((await current()) ?? null)).toContain('"sales_count":3');

    // Back to the shift: the X report follows; 20.00 paid out for water.
    await goShift(cashier);
    await expect.poll(() => figure(cashier, 'shift-expected')).toBe('250.00');
    await typeInto(cashier, 'move_amount', '20');
    await typeInto(cashier, 'move_reason', 'مياه للمحل');
    await cashier.getByTestId('add-move').click();
    await expect.poll(() => figure(cashier, 'shift-expected')).toBe('230.00');
    expect(await cashier.getByTestId('shift-moves').innerText()).toContain('مياه للمحل');
    await screenshot(cashier, 'shift-open-desktop-light');

    // The drawer holds 225.00: the close says 5.00 short, and the next sale at the till waits for a new shift.
    await typeInto(cashier, 'counted', '225');
    await cashier.getByTestId('close-shift').click();
    await cashier.getByTestId('shift-closed').waitFor();
    expect(await cashier.getByTestId('shift-report-title').first().innerText()).toContain('تقرير Z');
    expect(await figure(cashier, 'shift-difference')).toBe('-5.00');
    expect(await cashier.getByTestId('shift-difference').innerText()).toContain('عجز');
    expect(await cashier.getByTestId('shift-open-form').count()).toBe(1);
    await screenshot(cashier, 'shift-closed-desktop-light');
    // Right to left: each label stands at the right of its amount.
    const layout = await cashier.getByTestId('shift-difference').evaluate((row) => {
      const [label, value] = [row.querySelector('th'), row.querySelector('td')].map((cell) =>
        cell ? cell.getBoundingClientRect() : new DOMRect(),
      );
      return { labelRight: label?.right ?? 0, valueRight: value?.right ?? 0 };
    });
    expect(layout.labelRight).toBeGreaterThan(layout.valueRight);

    await cashier.locator('a', { hasText: 'طباعة 58 مم' }).click();
    await cashier.waitForURL(/shift-report/);
    await cashier.locator('.receipt-print.w58').waitFor();
    expect(await cashier.locator('.receipt-print.w58 [data-testid="shift-difference"] td').innerText()).toBe('-5.00');
    await screenshot(cashier, 'shift-z-report-58mm');
    await cashier.context().close();

    // The manager's record: the shift with its difference; the branch's phone has a till of its own.
    for (const [look, options, scheme] of [
      ['phone-light', phone, 'light'],
      ['phone-dark', phone, 'dark'],
    ] as const) {
      const onPhone = await openAs('admin', 'admin123', options, scheme);
      await goShift(onPhone);
      await typeInto(onPhone, 'opening_float', '0');
      await onPhone.getByTestId('open-shift').click();
      await onPhone.getByTestId('shift-report').waitFor();
      await screenshot(onPhone, `shift-open-${look}`);
      await typeInto(onPhone, 'counted', '0');
      await onPhone.getByTestId('close-shift').click();
      await onPhone.getByTestId('shift-closed').waitFor();
      expect(await figure(onPhone, 'shift-difference')).toBe('0.00');
      await onPhone.context().close();
    }
    // The cashier leaves a shift open on another till at the end of the day.
    const late = await openAs('cashier', 'cashier123');
    await goShift(late);
    await typeInto(late, 'till', 'كاشير 2');
    await typeInto(late, 'opening_float', '50');
    await late.getByTestId('open-shift').click();
    await late.getByTestId('shift-report').waitFor();
    await late.context().close();

    const dark = await openAs('admin', 'admin123', desktop, 'dark');
    await dark.goto(`${running.server.baseUrl}/reports/shifts`);
    const rows = dark.locator('[data-testid="shifts-record"] tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.last().innerText()).toContain('-5.00');
    await screenshot(dark, 'shifts-record-desktop-dark');

    // The manager closes it from its report with the 50.00 found in the drawer, then reopens it.
    await rows.filter({ hasText: 'كاشير 2' }).locator('a').click();
    await dark.waitForURL(/shift-report/);
    await dark.getByTestId('shift-manage').waitFor();
    expect(await dark.getByTestId('shift-report-title').first().innerText()).toContain('تقرير X');
    await typeInto(dark, 'counted', '50');
    await dark.getByTestId('close-shift').click();
    await dark.getByTestId('reopen-shift').waitFor();
    await expect.poll(() => dark.getByTestId('shift-report-title').first().innerText()).toContain('تقرير Z');
    expect(await figure(dark, 'shift-difference')).toBe('0.00');
    await screenshot(dark, 'shift-closed-by-manager-desktop-dark');
    await dark.getByTestId('reopen-shift').click();
    await dark.getByTestId('close-shift').waitFor();
    await expect.poll(() => dark.getByTestId('shift-report-title').first().innerText()).toContain('تقرير X');
    const shiftId = Number(new URL(dark.url()).searchParams.get('shift_id'));
    const reopened = (
      await readFromPage<{ closed_at: string | null }[]>(dark, `shift/readById?shift_id=${shiftId}`)
    )?.[0];
    expect(reopened?.closed_at).toBeNull();
    await dark.context().close();
    await admin.context().close();
  });
});
