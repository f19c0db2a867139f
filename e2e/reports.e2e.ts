import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, phone, postFromPage, screenshot, signIn, toastShown } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

/** Signed in as the owner, on the sales screen the sign-in lands on (the phone's or the desktop's). */
async function openSignedIn(options: BrowserContextOptions = desktop) {
  const page = await (await running.browser.newContext(options)).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  return page;
}
const go = async (page: Page, path: string) => page.goto(`${running.server.baseUrl}${path}`);
const figure = (page: Page, testId: string, label: string) =>
  page.locator(`[data-testid="${testId}"] .total-figure`, { hasText: label }).locator('bdi').textContent();

describe("an owner's day with the books", () => {
  it('a journal with two debit rows and one credit row, then the statement, the trial balance and profit and loss', async () => {
    const page = await openSignedIn();
    await go(page, '/folder/spends');
    await page.getByTestId('journal-debit-account-0').fill('إيجار المحل');
    await page.getByTestId('journal-debit-amount-0').fill('١٠٠');
    await page.getByTestId('journal-debit-add').click();
    await page.getByTestId('journal-debit-account-1').fill('الكهرباء');
    await page.getByTestId('journal-debit-amount-1').fill('50.5');
    await page.getByTestId('journal-credit-account-0').fill('الخزينة');
    await page.getByTestId('journal-credit-amount-0').fill('150');
    await page.getByTestId('journal-details').fill('إيجار وكهرباء الشهر');
    // The sides differ by 0.50: the screen says so and will not save.
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('لا يساوي');
    expect(await page.getByTestId('journal-save').getAttribute('disabled')).not.toBeNull();
    await page.getByTestId('journal-credit-amount-0').fill('150.50');
    await expect.poll(() => figure(page, 'journal-totals', 'الفرق')).toBe('0.00');
    await screenshot(page, 'owner-day-journal-entry');
    await page.getByTestId('journal-save').click();
    await expect.poll(async () => (await toastShown(page))?.message).toMatch(/^تم حفظ القيد SH-J-\d{6}$/);

    // The record lists it; the statement of the rent account runs to its closing balance.
    await go(page, '/folder/spends-recod');
    await page.locator('[data-testid="journal-record"] tbody tr', { hasText: 'إيجار وكهرباء الشهر' }).first().waitFor();
    await screenshot(page, 'owner-day-journal-record');

    await go(page, '/folder/statement2');
    await page.getByTestId('account-field').fill('الخزينة');
    const rows = page.locator('[data-testid="statement-table"] tbody tr');
    await rows.first().waitFor();
    const lastBalance = async () =>
      (
        await page
          .locator('[data-testid="statement-table"] tbody tr [data-testid="statement-balance"]')
          .last()
          .textContent()
      )?.trim();
    const closing = (await figure(page, 'statement-card', 'الرصيد الحالي'))?.trim();
    expect(closing).toBeTruthy();
    // Every page loaded: the last row's running balance is the closing balance.
    for (let more = page.getByRole('button', { name: /المزيد/ }); (await more.count()) > 0; )
      await more.first().click();
    await expect.poll(lastBalance).toBe(closing);
    await screenshot(page, 'owner-day-statement');

    await go(page, '/folder/balance-sheet2');
    await page.locator('[data-testid="trial-table"] tbody tr').first().waitFor();
    await expect.poll(() => figure(page, 'trial-figures', 'الفرق')).toBe('0.00');
    expect(await figure(page, 'trial-figures', 'إجمالي المدين')).toBe(
      await figure(page, 'trial-figures', 'إجمالي الدائن'),
    );
    await screenshot(page, 'owner-day-trial-balance');

    // A chart past 200 accounts comes 200 at a time; the cards and sums stay the whole list's.
    const customers = Array.from({ length: 210 }, (_, i) => ({
      ac_id: 1,
      cat_id: 1,
      sub_name: `عميل الميزان ${i + 1}`,
      sub_balance: '10',
    }));
    expect((await postFromPage(page, 'sub_accounts/createMulti', customers)).status).toBe(200);
    await page.reload();
    const trialRows = page.locator('[data-testid="trial-table"] tbody tr');
    await expect.poll(() => trialRows.count()).toBe(200);
    const count = Number(await figure(page, 'trial-figures', 'عدد الحسابات'));
    expect(count).toBeGreaterThan(210);
    await expect.poll(() => figure(page, 'trial-figures', 'الفرق')).toBe('0.00');
    await page.getByRole('button', { name: /المزيد/ }).click();
    await expect.poll(() => trialRows.count()).toBe(count);
    await screenshot(page, 'owner-day-trial-balance-paged');
    expect(await page.getByRole('button', { name: /المزيد/ }).count()).toBe(0);

    // The general ledger: the cash box opens in place to its lines; the last balance is its closing.
    await go(page, '/reports/general-ledger');
    await page.locator('[data-testid="ledger-account"]').first().waitFor();
    await page.getByLabel('بحث باسم الحساب أو رقمه').fill('الخزينة');
    const cash = page.locator('[data-testid="ledger-account"]', { hasText: 'الخزينة' }).first();
    await cash.waitFor();
    const cashClosing = (await cash.getByTestId('ledger-closing').locator('bdi').textContent())?.trim();
    await cash.locator('.ledger-account-head').click();
    const cashLines = cash.locator('[data-testid="ledger-lines"] tbody tr');
    await cashLines.first().waitFor();
    for (let more = cash.getByRole('button', { name: /المزيد/ }); (await more.count()) > 0; )
      await more.first().click();
    const cashLast = async () =>
      (await cash.locator('tbody tr [data-testid="statement-balance"]').last().textContent())?.trim();
    await expect.poll(cashLast).toBe(cashClosing);
    expect(cashClosing).toBe(closing);
    await screenshot(page, 'owner-day-general-ledger');
    const ledgerFile = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    expect((await ledgerFile).suggestedFilename()).toBe('general-ledger.xlsx');

    await go(page, '/reports/profit-and-loss');
    await page.locator('[data-testid="pnl"] tr', { hasText: 'إيجار المحل' }).waitFor();
    await screenshot(page, 'owner-day-profit-and-loss');
    await page.context().close();
  }, 180_000);

  it('every report screen, desktop and phone, light and dark', async () => {
    const screens: [string, string, string][] = [
      ['/folder/statement2', 'statement', '[data-testid="account-field"]'],
      ['/folder/balance-sheet2', 'trial-balance', '[data-testid="trial-table"] tbody tr'],
      ['/reports/general-ledger', 'general-ledger', '[data-testid="ledger-account"]'],
      ['/folder/spends', 'journal-entry', '[data-testid="journal-debit"]'],
      ['/folder/spends-recod', 'journal-record', '.segmented'],
      ['/reports/profit-and-loss', 'profit-and-loss', '[data-testid="pnl-net"]'],
      ['/reports/balance-sheet', 'balance-sheet', '[data-testid="sheet-totals"]'],
      ['/reports/cash-book', 'cash-book', '[data-testid="cash-accounts"]'],
      ['/reports/gross-profit', 'gross-profit', '.segmented'],
      ['/reports/aging', 'aging', '.notice'],
      ['/folder/user-activity', 'user-activity', '[data-testid="activity"] tbody tr'],
    ];
    for (const [options, device] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const)
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await openSignedIn({ ...options, colorScheme });
        for (const [path, name, ready] of screens) {
          await go(page, path);
          await page.locator(ready).first().waitFor();
          await screenshot(page, `${name}-${device}-${colorScheme}`);
        }
        await page.context().close();
      }
  }, 300_000);
});
