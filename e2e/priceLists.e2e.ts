/**
 * Price lists (issue 33, part 5; docs/price-lists.md): the administrator makes the company's wholesale list on its
 * screen and prices an item on it (typed in place, Enter), gives it to a customer on his form; the customer buys at
 * the list's price on the desktop sales invoice (re-priced when the customer changes), at the POS (chosen for a
 * credit sale after the item was scanned) and on the phone; the walk-in customer at the item's own price.
 * Screenshots of the new screen: desktop and phone, light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  desktop,
  invoiceLines,
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
const CODE = 'WHL-E2E';
const NAME = 'زيت محرك جملة 4 لتر';
const CUSTOMER = 'تاجر الجملة';

const go = (page: Page, path: string) => page.goto(`${running.server.baseUrl}/${path}`);
const lastToast = async (page: Page) => (await toastShown(page))?.message ?? '';
/** The price of the invoice's first line, as its input holds it. */
const firstLinePrice = (page: Page) => invoiceLines(page).first().locator('input').nth(1).inputValue();

type Sale = { pay_id: number; tot_pr: string; sub_name: string };
const newestSale = async (page: Page) => (await readFromPage<Sale[]>(page, 'pay/getTopSales?store_id=1'))[0] as Sale;
const linesOf = async (page: Page, payId: number) =>
  (await readFromPage<{ items: { pay_price: string; item_name: string }[] }[]>(page, `pay/readById?pay_id=${payId}`))[0]
    ?.items ?? [];

/** Finds the customer as a cashier does: part of his name, then his name among the suggestions. */
async function chooseCustomer(page: Page) {
  await typeInto(page, 'customer', 'الجملة');
  await page.locator('[role="option"]:visible', { hasText: CUSTOMER }).first().click();
  await expect.poll(() => page.locator('input[name="customer"]:visible').inputValue()).toContain(CUSTOMER);
}

describe('price lists', () => {
  it('a customer with the wholesale list gets its price on the sales invoice, the POS and the phone', async () => {
    const page = await openSignedIn(running);
    expect(
      (
        await postFromPage(page, 'items/create', {
          item_name: NAME,
          part_no: CODE,
          perch_price: '70',
          pay_price: '120',
          firstQuantity: '30',
        })
      ).status,
    ).toBe(200);
    const created = await postFromPage(page, 'sub_accounts/create', {
      sub_name: CUSTOMER,
      ac_id: 1,
      cat_id: 1,
      sub_code: '170',
      sub_balance: '0',
    });
    expect(created.status).toBe(200);
    const customerId = (created.body as { data: { id: number }[] }).data[0]?.id;

    // The screen: a company list added, the item found and priced in place.
    await go(page, 'price-lists');
    await page.locator('input[name="price_list_name"]').fill('جملة');
    await page.locator('input[name="for_company"]').check();
    await page.getByTestId('add-price-list').click();
    await expect.poll(() => lastToast(page)).toBe('تمت إضافة القائمة');
    await expect.poll(() => page.locator('[data-testid="price-lists-table"] tbody tr').count()).toBe(1);
    expect(await page.locator('[data-testid="price-lists-table"] tbody tr').first().textContent()).toContain('الشركة');
    const searched = page.waitForResponse(
      (r) => r.url().includes('priceLists/prices') && new URL(r.url()).searchParams.get('search') === CODE,
    );
    await page.locator('[data-testid="list-prices-search"] input').fill(CODE);
    await searched;
    await expect.poll(() => page.locator('[data-testid="list-prices-table"] tbody tr').count()).toBe(1);
    const price = page.locator('input[data-list-price]').first();
    await price.focus();
    // Arabic-Indic digits and ٫ are the numbers they are.
    await page.keyboard.type('٩٩٫٥');
    await page.keyboard.press('Enter');
    await expect.poll(() => lastToast(page)).toBe(`تم حفظ سعر ${NAME}`);
    await page.getByTestId('only-priced').check();
    await expect.poll(() => page.locator('[data-testid="list-prices-table"] tbody tr').count()).toBe(1);
    await expect.poll(() => page.locator('input[data-list-price]').first().inputValue()).toBe('99.50');
    await expect
      .poll(() => page.locator('[data-testid="price-lists-table"] tbody tr').first().textContent())
      .toContain('1');
    await screenshot(page, 'price-lists-desktop-light');

    // The customer's form: the list chosen.
    await go(page, `account-modal?mode=edit&id=${customerId}`);
    await page.getByTestId('account-price-list').click();
    await page.locator('ion-popover .select-interface-option', { hasText: 'جملة' }).first().click();
    await page.locator('ion-popover').first().waitFor({ state: 'detached' });
    await page.getByTestId('save-account').click();
    await page.waitForURL('**/folder/sub-account2');

    // The desktop sales invoice: the walk-in customer at the item's own price; the wholesaler at the list's.
    await go(page, 'folder/sales');
    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('عميل نقدي — 101');
    await typeInto(page, 'item_search', CODE);
    await page.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    expect(await firstLinePrice(page)).toBe('120.00');
    await chooseCustomer(page);
    await expect.poll(() => firstLinePrice(page)).toBe('99.50');
    await typeInto(page, 'item_search', CODE);
    await page.keyboard.press('Enter');
    // The second one is the same item at the same price: one line of 2.
    await expect.poll(() => invoiceLines(page).first().locator('input').first().inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('199.00');
    await page.keyboard.press('Control+s');
    await expect.poll(() => lastToast(page)).toMatch(/تم حفظ الفاتورة/);
    const invoice = await newestSale(page);
    expect(invoice).toMatchObject({ tot_pr: '199.00', sub_name: CUSTOMER });
    expect((await linesOf(page, invoice.pay_id)).map((l) => l.pay_price)).toEqual(['99.50']);
    await page.context().close();

    // The POS: scanned for the walk-in customer at 120; on credit to the wholesaler, the cart follows his list.
    const pos = await openSignedIn(running);
    await go(pos, 'folder/pos-sales');
    await pos.locator('[data-testid="pos-scan"]').waitFor();
    await pos.locator('[data-testid="pos-scan"]').focus();
    await pos.keyboard.type(CODE, { delay: 5 });
    await pos.keyboard.press('Enter');
    await expect.poll(() => pos.locator('[data-testid="pos-line"]').count()).toBe(1);
    await expect.poll(() => pos.getByTestId('pos-total').first().innerText()).toBe('120.00');
    await pos.locator('.pos-methods label', { hasText: 'آجل' }).click();
    await chooseCustomer(pos);
    await expect.poll(() => pos.getByTestId('pos-total').first().innerText()).toBe('99.50');
    await pos.locator('[data-testid="pos-pay"]').click();
    await expect.poll(async () => (await newestSale(pos)).pay_id).toBeGreaterThan(invoice.pay_id);
    const posSale = await newestSale(pos);
    expect(posSale).toMatchObject({ tot_pr: '99.50', sub_name: CUSTOMER });
    await pos.context().close();

    // The phone: the wholesaler chosen on the first segment, the item added on the second.
    const mobile = await (await running.browser.newContext(phone)).newPage();
    await signIn(mobile, running.server.baseUrl);
    await mobile.waitForURL(/sales-mob|analytics-dashboard/);
    await go(mobile, 'folder/sales-mob');
    await expect.poll(() => mobile.locator('input[name="customer"]:visible').inputValue()).toBe('عميل نقدي — 101');
    await chooseCustomer(mobile);
    await mobile.getByTestId('party-balance').waitFor();
    await mobile.locator('.invoice-sections label', { hasText: 'الأصناف' }).click();
    await typeInto(mobile, 'item_search', CODE);
    await mobile.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(mobile).count()).toBe(1);
    await expect.poll(() => firstLinePrice(mobile)).toBe('99.50');
    await mobile.locator('.invoice-sections label', { hasText: 'الحسابات' }).click();
    await mobile.getByTestId('save-invoice').click();
    await expect.poll(async () => (await newestSale(mobile)).pay_id).toBeGreaterThan(posSale.pay_id);
    expect(await newestSale(mobile)).toMatchObject({ tot_pr: '99.50', sub_name: CUSTOMER });
    await mobile.context().close();
  });

  it('the price lists screen on a desktop and a phone, light and dark', async () => {
    for (const [name, options, colorScheme] of [
      ['price-lists-desktop-dark', desktop, 'dark'],
      ['price-lists-phone-light', phone, 'light'],
      ['price-lists-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await go(page, 'price-lists');
      await expect.poll(() => page.locator('[data-testid="price-lists-table"] tbody tr').count()).toBe(1);
      await expect.poll(() => page.locator('input[data-list-price]').count()).toBeGreaterThan(0);
      await screenshot(page, name);
      // And the list's prices below, a card per item on a phone.
      await page.locator('input[data-list-price]').first().scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-prices`);
      await page.context().close();
    }
  });
});
