/**
 * The owner's morning (issue 34): an administrator signs in to the dashboard, sees today's sales against yesterday,
 * the money, the debtors, the stock and the 30-day chart drawn right to left, and opens the report a tile equals.
 * Light and dark, desktop and phone. A cashier keeps the counter: signs in to the sales invoice.
 */
import { describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  loginSubmit,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const localDay = (daysBack = 0) => {
  const at = new Date(Date.now() - daysBack * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
};

describe('the dashboard', () => {
  it('an administrator lands on it: today against yesterday, the chart, and each tile opens its report', async () => {
    const page = await (await running.browser.newContext(desktop)).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL('**/analytics-dashboard');
    await page.getByTestId('dashboard-net_sales').waitFor();

    expect(
      await createItem(page, {
        item_name: 'كشاف أمامي',
        part_no: 'LAMP-1',
        perch_price: '60',
        pay_price: '100',
        firstQuantity: '40',
      }),
    ).toBe(200);
    const [item] = await readFromPage<{ id: number }[]>(page, 'items/read?search=LAMP-1');
    const walkIn = (
      await readFromPage<{ id: number; sub_name: string }[]>(page, 'sub_accounts/readByStore?ac_id=1')
    ).find((a) => a.sub_name === 'عميل نقدي');
    const sell = async (day: string, quantity: number) => {
      const sale = await postFromPage(page, 'pay/createWithItems', {
        invoice: { cust_id: walkIn?.id, pay_date: day, discount: '0', pay: String(quantity * 100) },
        items: [{ item_id: item?.id, quantity: String(quantity), pay_price: '100' }],
      });
      expect(sale.status).toBe(200);
    };
    await sell(localDay(), 3);
    await sell(localDay(), 1);
    await sell(localDay(1), 2);
    await sell(localDay(7), 4);

    await page.reload();
    const netSales = page.getByTestId('dashboard-net_sales');
    await expect.poll(() => netSales.textContent()).toContain('400.00');
    expect(await page.getByTestId('dashboard-gross_profit').textContent()).toContain('160.00');
    expect(await page.getByTestId('dashboard-sales_count').textContent()).toContain('2');
    // 400.00 against yesterday's 200.00: up 100 %; against last week's 400.00: no change.
    expect(await netSales.textContent()).toContain('▲ 100%');
    expect(await netSales.textContent()).toContain('دون تغيير');
    expect(await page.getByTestId('dashboard-stock').textContent()).toContain('أصناف نفدت');

    // The chart is drawn: its canvas holds pixels (its right-to-left order is looked at on the screenshots).
    const chart = page.getByTestId('dashboard-chart');
    await chart.waitFor();
    const drawn = await chart.evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted++;
      return { painted };
    });
    expect(drawn.painted).toBeGreaterThan(1000);
    await screenshot(page, 'dashboard-desktop-light');

    await netSales.getByRole('link').click();
    await page.waitForURL('**/reports/gross-profit');
    await page.context().close();
  });

  it('screenshots: dark desktop, phone light and dark; a cashier signs in to the sales invoice', async () => {
    for (const [name, options, colorScheme] of [
      ['dashboard-desktop-dark', desktop, 'dark'],
      ['dashboard-phone-light', phone, 'light'],
      ['dashboard-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL('**/analytics-dashboard');
      await page.getByTestId('dashboard-chart').waitFor();
      await screenshot(page, name);
      await page.context().close();
    }
    const cashier = await (await running.browser.newContext(desktop)).newPage();
    await signIn(cashier, running.server.baseUrl, 'cashier', 'cashier123');
    await cashier.waitForURL('**/folder/sales');
    expect(await cashier.locator('ion-menu a[data-path="/analytics-dashboard"]').count()).toBe(0);
    await cashier.context().close();
  });

  it("the owner reads the stores' sales side by side: the branch's sale beside the main store's, and their sum", async () => {
    // A sale in the branch (فرع أم درمان): the administrator signs in to store 2 there.
    const branch = await (await running.browser.newContext(desktop)).newPage();
    await branch.goto(`${running.server.baseUrl}/folder/login`);
    await branch.locator('input[name="user_name"]').fill('admin');
    await branch.locator('input[name="password"]').fill('admin123');
    await branch.locator('select[name="store_id"]').selectOption('2');
    await branch.locator(loginSubmit).click();
    await branch.waitForURL('**/analytics-dashboard');
    expect(
      await createItem(branch, { item_name: 'مصباح الفرع', perch_price: '30', pay_price: '45.50', firstQuantity: '9' }),
    ).toBe(200);
    const [item] = await readFromPage<{ id: number }[]>(
      branch,
      `items/read?search=${encodeURIComponent('مصباح الفرع')}`,
    );
    const walkIn = (
      await readFromPage<{ id: number; sub_name: string }[]>(branch, 'sub_accounts/readByStore?ac_id=1')
    ).find((a) => a.sub_name === 'عميل نقدي');
    const sale = await postFromPage(branch, 'pay/createWithItems', {
      invoice: { cust_id: walkIn?.id, pay_date: localDay(), discount: '0', pay: '91' },
      items: [{ item_id: item?.id, quantity: '2', pay_price: '45.50' }],
    });
    expect(sale.status).toBe(200);
    await branch.context().close();

    for (const [name, options, colorScheme] of [
      ['stores-sales-desktop-light', desktop, 'light'],
      ['stores-sales-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL('**/analytics-dashboard');
      await page.goto(`${running.server.baseUrl}/reports/stores-sales`);
      const rows = page.locator('[data-testid="stores-sales"] tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      // The main store's four sales of the first test (1,000.00) and the branch's 91.00, summed.
      expect(await rows.nth(0).innerText()).toContain('المخزن الرئيسي');
      expect(await rows.nth(0).innerText()).toContain('1,000.00');
      expect(await rows.nth(1).innerText()).toContain('فرع أم درمان');
      expect(await rows.nth(1).innerText()).toContain('91.00');
      expect(await page.getByTestId('stores-sales-sums').innerText()).toContain('1,091.00');
      await screenshot(page, name);
      // The company's stock: the branch's lamp (9 less the 2 sold, at 30.00) in the branch's column, none in the
      // main store's, which stocks it too (one catalogue).
      await page.goto(`${running.server.baseUrl}/reports/stores-stock`);
      await page.getByTestId('stores-stock-search').fill('مصباح الفرع');
      const stock = page.locator('[data-testid="stores-stock"] tbody tr');
      // The search is sent once typing stops: the one row of the lamp, then its figures.
      await expect.poll(() => stock.count()).toBe(1);
      await expect.poll(() => stock.nth(0).innerText()).toContain('مصباح الفرع');
      expect(await stock.nth(0).innerText()).toContain('210.00');
      await screenshot(page, name.replace('stores-sales', 'stores-stock'));
      await page.context().close();
    }
  });
});
