/**
 * Figures as the user typed and as the book knows them (issue 35, finding 8): a discount typed as 12.5 % of 10.01
 * reads back as 12.5 %, not 12.49 %, when the invoice is opened again; the item card shows beside its own purchase
 * price the last purchase price and the moving-average cost, and its profit % and pricing helper say which one
 * they use. Screenshots: the item card on the desktop (light, dark) and a phone.
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
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const toastMessage = async (page: Page) => (await toastShown(page))?.message ?? '';
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]:visible`);

describe('a discount typed in percent', () => {
  it('12.5 % of 10.01 is saved as 1.25 and reads back as 12.5 % when the invoice is opened again', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'منظف زجاج',
        part_no: 'PCT-1',
        perch_price: '6',
        pay_price: '10.01',
        firstQuantity: '20',
      }),
    ).toBe(200);
    await page.reload();
    await typeInto(page, 'item_search', 'PCT-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('10.01');
    await typeInto(page, 'discount_percent', '12.5');
    await expect.poll(() => field(page, 'discount').inputValue()).toBe('1.25');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/SH-S-\d{6}/);
    const ref = (await toastMessage(page)).split(' ').pop() ?? '';
    await page.locator('.question').waitFor();
    await page.keyboard.press('Escape');
    const sale = (
      await readFromPage<{ pay_id: number; pay_ref: string; discount: string; discount_percent: string | null }[]>(
        page,
        'pay/getTopSales?store_id=1',
      )
    ).find((s) => s.pay_ref === ref);
    expect(sale).toMatchObject({ discount: '1.25', discount_percent: '12.50' });

    // Opened again: the percent typed, and it still follows the total as it did while typed.
    await page.goto(`${running.server.baseUrl}/folder/edit-sales?id=${sale?.pay_id}&kind=pay`);
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('10.01');
    await expect.poll(() => field(page, 'discount_percent').inputValue()).toBe('12.5');
    expect(await field(page, 'discount').inputValue()).toBe('1.25');
    await screenshot(page, 'discount-percent-reopened-desktop-light');
    const quantity = page.locator('[data-testid="invoice-lines"] tbody tr').first().locator('input').first();
    await quantity.fill('2');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('20.02');
    await expect.poll(() => field(page, 'discount').inputValue()).toBe('2.50');
    expect(await field(page, 'discount_percent').inputValue()).toBe('12.5');
    await page.context().close();
  });
});

describe('the item card’s costs', () => {
  async function openCard(options: BrowserContextOptions, name: string) {
    // Wherever sign-in lands (the dashboard; a phone's own screens), the card is opened from the item list.
    const page = await (await running.browser.newContext(options)).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL((url) => !url.pathname.includes('login'));
    await page.goto(`${running.server.baseUrl}/folder/items`);
    await page.locator('[data-testid="item-search"] input').fill(name);
    const row = page.locator('[data-testid="items-table"] tbody tr', { hasText: name });
    await row.first().waitFor();
    await row.first().getByTestId('edit-item').click();
    await page.getByTestId('item-costs').waitFor();
    return page;
  }

  it('the last purchase price and the moving average beside the item’s own price; profit and helper name their base', async () => {
    const page = await openSignedIn(running);
    const item = (
      await postFromPage(page, 'items/create', {
        item_name: 'فلتر هواء كورولا',
        perch_price: '80',
        pay_price: '100',
        firstQuantity: '10',
      })
    ).body.data[0] as { id: number };
    const supplier = (await readFromPage<{ id: number }[]>(page, 'sub_accounts/readByStore?ac_id=2'))[0];
    const buy = (pay_date: string, quantity: string, perch_price: string) =>
      postFromPage(page, 'perch/createWithItems', {
        invoice: { cust_id: supplier?.id, pay_date, discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity, perch_price }],
      });
    expect((await buy('2026-03-01', '10', '90')).status).toBe(200);
    const last = await buy('2026-03-05', '5', '100');
    expect(last.status).toBe(200);
    const lastRef = last.body.data[0].pay_ref as string;
    await page.context().close();

    const card = await openCard(desktop, 'فلتر هواء كورولا');
    // Its own price stays what was typed on it; beside it what purchases made of it: 800 + 900 + 500 for 25.
    expect(await field(card, 'perch_price').inputValue()).toBe('80.00');
    await expect.poll(() => card.getByTestId('last-purchase').innerText()).toContain('100.00');
    expect(await card.getByTestId('last-purchase').innerText()).toContain(lastRef);
    expect(await card.getByTestId('last-purchase').innerText()).toContain('05/03/2026');
    expect(await card.getByTestId('avg-cost').innerText()).toContain('88.00');
    // The profit % says its base, on each.
    expect(await card.getByTestId('profit').innerText()).toBe('نسبة الربح على سعر الشراء: 25.00 %');
    expect(await card.getByTestId('profit-last').innerText()).toBe('على آخر سعر شراء: 0.00 %');
    expect(await card.getByTestId('profit-avg').innerText()).toBe('على متوسط التكلفة: 13.64 %');
    // The helper says its base, and prices from the one chosen: the average + 10 % = 96.80.
    expect(await card.locator('.price-calculator legend').innerText()).toContain('سعر الشراء');
    await card.locator('.price-calculator ion-segment-button', { hasText: 'متوسط التكلفة' }).click();
    await expect.poll(() => card.locator('.price-calculator legend').innerText()).toContain('متوسط التكلفة');
    await card.locator('.price-calculator ion-button', { hasText: '+10%' }).click();
    await expect.poll(() => field(card, 'pay_price').inputValue()).toBe('96.80');
    await expect.poll(() => card.getByTestId('profit-avg').innerText()).toBe('على متوسط التكلفة: 10.00 %');
    await screenshot(card, 'item-card-costs-desktop-light');
    // The item's purchase price follows the last purchase only when asked to.
    await card.getByTestId('use-last-purchase').click();
    await expect.poll(() => field(card, 'perch_price').inputValue()).toBe('100.00');
    await card.context().close();

    for (const [name, options] of [
      ['item-card-costs-desktop-dark', { ...desktop, colorScheme: 'dark' as const }],
      ['item-card-costs-phone-light', phone],
    ] as const) {
      const other = await openCard(options, 'فلتر هواء كورولا');
      await expect.poll(() => other.getByTestId('avg-cost').innerText()).toContain('88.00');
      await other.getByTestId('item-costs').scrollIntoViewIfNeeded();
      await screenshot(other, name);
      await other.context().close();
    }
  });
});
