/**
 * A store keeper's day in item-stock (menu المخزن): the totals cards, search, the quantity filter, pages of 20 with
 * "load more" and "all items", sorting by the server, picked rows opening a prefilled purchase, the print; then the
 * stock lists of the notifications. Screenshots of both screens, desktop and phone, light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, phone, postFromPage, readFromPage, screenshot, signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();
const PREFIX = 'بطارية مخزن';

type StockRow = { id: number; item_name: string; quantity: string; stockValuePayPrice: string };
type Totals = { stockValuePayPrice: string; stockValuePerchPrice: string; itemsCount: number };

async function open(path: string, options = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  await page.goto(`${running.server.baseUrl}/${path}`);
  return page;
}

/**
 * 24 batteries with openings 1..24 (one of them a minimum of 30), one never stocked (0), one sold short (−2, while
 * the store allowed negative stock): 26 items whose names start alike.
 */
async function stockTheShelf(page: Page) {
  for (let i = 1; i <= 24; i += 1) {
    const created = await postFromPage(page, 'items/create', {
      item_name: `${PREFIX} ${String(i).padStart(2, '0')}`,
      part_no: `BAT-${i}`,
      brand: i % 2 ? 'Varta' : 'Bosch',
      perch_price: '100',
      pay_price: '120',
      min_qty: i === 24 ? '30' : '0',
      firstQuantity: String(i),
    });
    expect(created.status).toBe(200);
  }
  await postFromPage(page, 'items/create', { item_name: `${PREFIX} منتهية`, perch_price: '50', pay_price: '60' });
  const short = (
    await postFromPage(page, 'items/create', { item_name: `${PREFIX} سالبة`, perch_price: '50', pay_price: '60' })
  ).body.data[0];
  const store = { id: 1, store_name: 'المخزن الرئيسي', location: 'الخرطوم' };
  await postFromPage(page, 'store/update', { ...store, allow_negative_stock: true });
  const customer = (
    await readFromPage<{ id: number; sub_name: string }[]>(page, 'sub_accounts/readByStore?ac_id=1')
  ).find((a) => a.sub_name === 'عميل نقدي');
  const sold = await postFromPage(page, 'pay/createWithItems', {
    invoice: { cust_id: customer?.id, pay_date: '2026-11-20', discount: '0', pay: '120' },
    items: [{ item_id: short.id, quantity: '2', pay_price: '60' }],
  });
  expect(sold.status).toBe(200);
  await postFromPage(page, 'store/update', { ...store, allow_negative_stock: false });
}

const rows = (page: Page) => page.locator('[data-testid="stock-table"] tbody tr');
const quantities = (page: Page) =>
  page.locator('[data-testid="stock-table"] [data-testid="stock-quantity"]').allTextContents();

/** Types a search and waits for the list of it (the field sends it once typing pauses). */
async function search(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('items/stockList') && new URL(r.url()).searchParams.get('search') === text,
  );
  await page.locator('[data-testid="item-search"] input').fill(text);
  await answered;
}

async function chooseQuantityFilter(page: Page, label: string) {
  await page.getByTestId('quantity-filter').click();
  await page.locator('ion-popover ion-item, ion-popover ion-radio').filter({ hasText: label }).first().click();
  // The popover closes before the next one opens (a closing one still holds its options).
  await expect.poll(() => page.locator('ion-popover ion-item:visible').count()).toBe(0);
}

describe('item stock', () => {
  it("a keeper's day: totals, search, pages of 20, sorting, the quantity filters, picked rows into a purchase, print", async () => {
    const page = await open('item-stock');
    await stockTheShelf(page);
    await page.reload();
    await page.getByTestId('stock-table').waitFor();

    // The cards are the server's totals of the whole store.
    const totals = (await readFromPage<Totals[]>(page, 'items/readStockTotals'))[0];
    const shown = (id: string) => page.getByTestId(id).textContent();
    await expect
      .poll(() => shown('value-at-cost'))
      .toBe(Number(totals?.stockValuePerchPrice).toLocaleString('en', { minimumFractionDigits: 2 }));

    // Search: 26 batteries, 20 shown, then the next page.
    await search(page, PREFIX);
    await expect.poll(() => page.locator('.load-more').textContent()).toContain('26');
    expect(await rows(page).count()).toBe(20);
    await page.getByRole('button', { name: 'تحميل المزيد' }).click();
    await expect.poll(() => rows(page).count()).toBe(26);
    // The filtered cards: 300 units (1 + … + 24) at 120, less the 2 sold short at 60.
    await expect.poll(() => shown('value-at-price')).toBe('35,880.00');

    // Sorting by the stock column is the server's, across all pages: largest first, then smallest first.
    await page.locator('th button', { hasText: 'المخزون' }).first().click();
    await expect.poll(async () => (await quantities(page))[0]).toBe('24');
    expect((await quantities(page)).length).toBe(20);
    await page.locator('th button', { hasText: 'المخزون' }).first().click();
    await expect.poll(async () => (await quantities(page))[0]).toBe('-2');
    await screenshot(page, 'item-stock-desktop-light');
    // The export is the screen's rows in its order: the sheet arrives under the screen's file name.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    expect((await download).suggestedFilename()).toBe('المخزون.xlsx');

    // Quantity filters: out of stock, negative, below the minimum.
    await chooseQuantityFilter(page, 'منتهي');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('منتهية');
    await chooseQuantityFilter(page, 'بالسالب');
    await expect.poll(async () => (await rows(page).first().textContent()) ?? '').toContain('سالبة');
    expect(await rows(page).count()).toBe(1);
    await chooseQuantityFilter(page, 'أقل من الحد الأدنى');
    await expect.poll(async () => (await rows(page).allTextContents()).join('|')).toContain(`${PREFIX} 24`);

    // "All items" reads every page of the filter.
    await chooseQuantityFilter(page, 'كل الكميات');
    await expect.poll(() => rows(page).count()).toBe(20);
    await page.getByTestId('all-items').click();
    await expect.poll(() => rows(page).count()).toBe(26);

    // Two rows picked open a new purchase with them as lines (a negative stock as its absolute value).
    await search(page, `${PREFIX} 0`);
    await expect.poll(() => rows(page).count()).toBe(9);
    await rows(page).nth(0).getByTestId('select-row').check();
    await rows(page).nth(1).getByTestId('select-row').check();
    await expect.poll(() => page.getByTestId('selection-bar').textContent()).toContain('2');
    await page.getByTestId('to-purchase').click();
    await page.waitForURL(/folder\/purchase/);
    const lines = page.locator('[data-testid="invoice-lines"] tbody tr');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.first().textContent()).toContain(`${PREFIX} 01`);

    // The print of a filter: its rows and its totals.
    await page.goto(
      `${running.server.baseUrl}/item-stock-print?search=${encodeURIComponent(PREFIX)}&quantity_filter=negative`,
    );
    const printed = page.locator('[data-testid="stock-print-lines"] tbody tr');
    await expect.poll(() => printed.count()).toBe(1);
    expect(await printed.first().textContent()).toContain('سالبة');
    await screenshot(page, 'item-stock-print-desktop-light');
    await page.context().close();
  });

  it('the stock on a past evening: typed in Arabic-Indic digits, the rows, the cards and the print read that day', async () => {
    const page = await open('item-stock');
    await page.getByTestId('stock-table').waitFor();
    await search(page, `${PREFIX} سالبة`);
    await expect.poll(() => quantities(page)).toEqual(['-2']);
    // The evening before its short sale of 20 November it held nothing.
    const answered = page.waitForResponse(
      (r) => r.url().includes('items/stockList') && new URL(r.url()).searchParams.get('as_of') === '2026-11-19',
    );
    await page.locator('input[name="as_of"]').fill('١٩/١١/٢٠٢٦');
    await answered;
    await expect.poll(() => quantities(page)).toEqual(['0']);
    await expect.poll(() => page.getByTestId('value-at-price').textContent()).toBe('0.00');
    // The whole shelf on that day, against the server's own totals of it.
    await search(page, PREFIX);
    const day = (await readFromPage<Totals[]>(page, `items/readStockTotals?as_of=2026-11-19&search=${PREFIX}`))[0];
    expect(day?.stockValuePayPrice).toBe('36000.00');
    await expect.poll(() => page.getByTestId('value-at-price').textContent()).toBe('36,000.00');
    await screenshot(page, 'item-stock-as-of-desktop-light');
    await page.getByTestId('print-stock').click();
    await page.waitForURL(/item-stock-print/);
    expect(new URL(page.url()).searchParams.get('as_of')).toBe('2026-11-19');
    await expect.poll(() => page.getByTestId('stock-as-of').textContent()).toBe('19/11/2026');
    await page.context().close();
  });

  it('the notifications list the items out of stock, below zero and below their minimum; each opens its movement', async () => {
    const page = await open('folder/notifications');
    const zero = page.locator('[data-testid="stock-alert-zero"] ion-item', { hasText: `${PREFIX} منتهية` });
    await zero.waitFor();
    const negative = page.locator('[data-testid="stock-alert-negative"] ion-item', { hasText: `${PREFIX} سالبة` });
    await negative.waitFor();
    expect(await negative.textContent()).toContain('-2');
    const low = page.locator('[data-testid="stock-alert-below_min"] ion-item', { hasText: `${PREFIX} 24` });
    await low.waitFor();
    expect(await low.textContent()).toContain('30');
    await screenshot(page, 'notifications-desktop-light');
    const item = (
      await readFromPage<StockRow[]>(page, `items/stockList?search=${encodeURIComponent(`${PREFIX} سالبة`)}`)
    )[0];
    await negative.locator('ion-button').click();
    await page.waitForURL(new RegExp(`folder/items-report\\?item=${item?.id}$`));
    await page.context().close();
  });

  it('looks right on a phone and in the dark', async () => {
    for (const [options, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        if (name === 'desktop' && scheme === 'light') continue;
        const page = await open('item-stock', options, scheme);
        await page.getByTestId('stock-table').waitFor();
        await search(page, PREFIX);
        await expect.poll(() => page.locator('.load-more').textContent()).toContain('26');
        await screenshot(page, `item-stock-${name}-${scheme}`);
        await page.goto(`${running.server.baseUrl}/folder/notifications`);
        await page.locator('[data-testid="stock-alert-zero"] ion-item').first().waitFor();
        await screenshot(page, `notifications-${name}-${scheme}`);
        await page.context().close();
      }
    }
  });
});
