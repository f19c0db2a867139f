import { describe, expect, it } from 'vitest';
import {
  desktop,
  holdRequests,
  phone,
  postFromPage,
  screenshot,
  signIn,
  toastShown,
  typeInto,
} from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

/** Picks a year in the menu's year switch (demo: 2026 is year 1, 2025 is year 2). */
async function chooseYear(page: import('playwright-core').Page, yearDesc: string) {
  const select = page.locator('ion-menu select[name="year"]');
  // The list arrives from the server: wait for the year's option before choosing it.
  await select.locator('option', { hasText: yearDesc }).waitFor({ state: 'attached' });
  await select.selectOption({ label: yearDesc });
  await expect.poll(() => select.inputValue()).toBe(yearDesc === '2025' ? '2' : '1');
}

describe('the accounting year chosen in the menu', () => {
  it('a sale saved after switching to 2025 is in the 2025 sales record and not in 2026’s', async () => {
    const page = await openSignedIn(running);
    // An item bought into 2025 (its opening quantity belongs to the store's first year, 2025; 2026 carries it on).
    const created = await postFromPage(page, 'items/create', {
      item_name: 'بطارية ٢٠٢٥',
      part_no: 'Y2025-1',
      perch_price: '300',
      pay_price: '450',
      firstQuantity: '4',
      yearId: 2,
    });
    expect(created.status).toBe(200);

    const calls: string[] = [];
    page.on('request', (request) => {
      // The administrators' disk-full banner polls the health check, which is of no year.
      if (request.url().includes('/api') && !request.url().includes('/api/health')) calls.push(request.url());
    });
    await chooseYear(page, '2025');

    await typeInto(page, 'customer', 'عميل نقدي — 101');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'item_search', 'بطارية ٢٠٢٥');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    // The picker shows the 2025 stock (4).
    await expect.poll(() => page.getByTestId('picked-stock').textContent()).toContain('4');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // Typed day first, as the date field takes it whatever the browser's language.
    await page.locator('input[name="pay_date"]').fill('15/06/2025');
    await page.getByTestId('save-invoice').click();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/تم حفظ الفاتورة SH-S-\d{6}/);
    const ref = ((await toastShown(page))?.message ?? '').split(' ').pop() ?? '';
    await page.locator('.question button', { hasText: 'لا' }).click();

    // Every call made in 2025 went to /api23/ and named the year.
    const after = calls.filter((url) => url.includes('/api23/'));
    expect(after.length).toBeGreaterThan(0);
    expect(calls.filter((url) => !new URL(url).searchParams.has('yearId'))).toEqual([]);
    expect(after.every((url) => new URL(url).searchParams.get('yearId') === '2')).toBe(true);

    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref });
    await row.waitFor();

    // The same record in 2026 does not list it.
    await chooseYear(page, '2026');
    await expect.poll(() => row.count()).toBe(0);
    const in2026 = await page.evaluate(async () => (await fetch('/api/pay/getTopSales?yearId=1')).json());
    expect(in2026.data.map((d: { pay_ref: string }) => d.pay_ref)).not.toContain(ref);
    const in2025 = await page.evaluate(async () => (await fetch('/api23/pay/getTopSales?yearId=2')).json());
    expect(in2025.data.find((d: { pay_ref: string }) => d.pay_ref === ref)).toMatchObject({
      yearId: 2,
      pay_date: '2025-06-15',
    });
    // And back in 2025 it is there again (the 2025 entries of the cache were never overwritten with 2026's).
    await chooseYear(page, '2025');
    await row.waitFor();
    await page.context().close();
  });

  it('the customer chosen before switching the year keeps its name in the field while the year’s balance comes', async () => {
    const page = await openSignedIn(running);
    const field = page.locator('input[name="customer"]:visible');
    await expect.poll(() => field.inputValue()).toBe('عميل نقدي — 101');
    // The customer's 2025 balance is held (the names are the store's, not the year's). The cashier selects the
    // customer's name to type another over it meanwhile, then the balance comes. A field that went blank while the
    // year's list was held, and got the name back when it came, ran the name typed on after it ("عميل نقدي —
    // 101عميل نقدي — 101"), and no customer was chosen.
    const { release: releaseList, asked } = await holdRequests(page, '**/api23/sub_accounts/getAccountBalance*');
    await chooseYear(page, '2025');
    await asked;
    await field.focus();
    await page.keyboard.press('Control+A');
    // Its name is still there (the 2026 balance is not: the 2025 one is on its way).
    expect(await field.inputValue()).toBe('عميل نقدي — 101');
    expect(await page.getByTestId('party-balance').count()).toBe(0);
    releaseList();
    await page.getByTestId('party-balance').waitFor();
    await page.keyboard.type('عميل نقدي — 101');
    await page.getByTestId('party-balance').waitFor();
    expect(await field.inputValue()).toBe('عميل نقدي — 101');
    await page.context().close();
  });

  it('a closed year refuses the sale typed in it with an Arabic message and keeps it; reopened, the same sale saves', async () => {
    const page = await openSignedIn(running);
    await page.goto(`${running.server.baseUrl}/folder/settings`);
    const year2025 = page.getByTestId('year-2');
    await year2025.getByTestId('year-lock').click();
    // Closing asks first, and says what it means.
    await page.locator('ion-alert').getByText('لا يُحفظ ولا يُعدّل ولا يُحذف').waitFor();
    await screenshot(page, 'year-close-confirm');
    await page.locator('ion-alert button', { hasText: 'إقفال السنة' }).click();
    await year2025.getByTestId('year-closed').waitFor();
    await screenshot(page, 'year-closed');

    await chooseYear(page, '2025');
    await page.goto(`${running.server.baseUrl}/folder/sales`);
    await typeInto(page, 'customer', 'عميل نقدي — 101');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'item_search', 'بطارية ٢٠٢٥');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.locator('input[name="pay_date"]').fill('20/06/2025');
    await page.getByTestId('save-invoice').click();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toContain('السنة المالية مقفلة');
    // Nothing is lost: the line is still on the screen to save once the year is open.
    await expect.poll(() => page.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(1);

    // Reopened from another tab (settings), the same sale saves.
    const settings = await page.context().newPage();
    await settings.goto(`${running.server.baseUrl}/folder/settings`);
    await settings.getByTestId('year-2').getByTestId('year-lock').click();
    await settings.getByTestId('year-2').getByTestId('year-closed').waitFor({ state: 'detached' });
    await settings.close();
    await page.getByTestId('save-invoice').click();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/تم حفظ الفاتورة SH-S-\d{6}/);
    await page.context().close();
  });

  it('2026’s opening quantities are what 2025 left, shown read-only; screenshots light, dark and phone', async () => {
    for (const [name, options] of [
      ['opening-carried-desktop', desktop],
      ['opening-carried-desktop-dark', { ...desktop, colorScheme: 'dark' as const }],
      ['opening-carried-phone', phone],
    ] as const) {
      const page = await (await running.browser.newContext(options)).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL((url) => !url.pathname.includes('login'));
      await page.goto(`${running.server.baseUrl}/folder/firstq-modal`);
      // The battery: 4 opened 2025, 2 sold in 2025 (the sales above): 2 carried into 2026 at 300.00.
      const row = page.locator('[data-testid="opening-table"] tbody tr', { hasText: 'بطارية ٢٠٢٥' });
      await row.waitFor();
      expect(await row.textContent()).toContain('300.00');
      await expect.poll(() => page.getByTestId('opening-intro').textContent()).toContain('ليست أول سنة');
      // Nothing to import into a later year: the sheet import is not offered.
      expect(await page.getByTestId('clear-unlisted').count()).toBe(0);
      await screenshot(page, name);
      await page.context().close();
    }
  });
});
