/**
 * Reports over a period that crosses the year end, as a user asks them (issue 35, findings 4 and 9): the period bar
 * sends November to January as typed, profit and loss answers that period (not one year of it), and the sales by
 * customer screen shows the customer's invoices of both years less its return, then the suppliers' side.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postFromPage, screenshot } from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

/** The period bar set to a range, the dates typed day first as a user types them. */
async function askRange(page: Page, from: string, to: string) {
  await page.locator('.segmented label', { hasText: 'بحث في فترة زمنية' }).first().click();
  for (const [label, day] of [
    ['من', from],
    ['إلى', to],
  ] as const) {
    const input = page.locator('label.date-field', { hasText: label }).locator('input.plain-input').first();
    await input.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(day);
    await input.blur();
  }
}

describe('reports across the year end', () => {
  it('profit and loss and sales by customer of November to January read both years', async () => {
    const page = await openSignedIn(running);
    const customer = (
      await postFromPage(page, 'sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'عميل الربع الأخير' })
    ).body.data[0] as { id: number };
    const supplier = (
      await postFromPage(page, 'sub_accounts/create', { ac_id: 2, cat_id: 2, sub_name: 'مورد الربع الأخير' })
    ).body.data[0] as { id: number };
    const valueOnly = async (
      kind: 'pay' | 'perch',
      cust_id: number,
      yearId: number,
      pay_date: string,
      tot_pr: string,
    ) =>
      expect(
        (
          await postFromPage(page, `${kind}/create?yearId=${yearId}`, {
            cust_id,
            pay_date,
            tot_pr,
            pay: '0',
            discount: '0',
            value_only: true,
            yearId,
          })
        ).status,
      ).toBe(200);
    // December 2025 (year 2) and January 2026 (year 1): 300.00 and 200.00 of sales, 80.00 of purchases.
    await valueOnly('pay', customer.id, 2, '2025-12-10', '300');
    await valueOnly('pay', customer.id, 1, '2026-01-10', '200');
    await valueOnly('perch', supplier.id, 1, '2026-01-12', '80');

    await page.goto(`${running.server.baseUrl}/reports/profit-and-loss`);
    await page.locator('[data-testid="pnl-net"]').waitFor();
    await askRange(page, '01/11/2025', '31/01/2026');
    // The column says the period asked, not 2026 alone.
    await expect.poll(() => page.locator('[data-testid="pnl"] thead').innerText()).toContain('01/11/2025');
    expect(await page.locator('[data-testid="pnl"] thead').innerText()).toContain('31/01/2026');
    // December's 300.00 and January's 200.00 (the fresh book has no other sale in the period).
    await expect.poll(() => page.getByTestId('pnl-sales').innerText()).toContain('500.00');
    await screenshot(page, 'pnl-across-year-end');

    await page.goto(`${running.server.baseUrl}/reports/party-sales`);
    await askRange(page, '01/11/2025', '31/01/2026');
    const row = page.locator('[data-testid="party-sales"] tbody tr', { hasText: 'عميل الربع الأخير' });
    await expect.poll(() => row.innerText()).toContain('500.00');
    expect(await row.innerText()).toContain('2');
    await screenshot(page, 'party-sales-desktop');
    await page.locator('.segmented label', { hasText: 'المشتريات حسب المورد' }).click();
    const bought = page.locator('[data-testid="party-sales"] tbody tr', { hasText: 'مورد الربع الأخير' });
    await expect.poll(() => bought.innerText()).toContain('80.00');
    await screenshot(page, 'party-sales-purchases-desktop');
    await page.context().close();
  }, 120_000);
});
