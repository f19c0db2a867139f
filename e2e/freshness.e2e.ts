/**
 * Issue 9, one cache tree: an owner moves between screens by the menu (a screen opened again draws at once from
 * the cache, which refetches what a save made stale) and never sees a figure from before a save.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createItem, invoiceLines, postFromPage, toastShown, typeInto } from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const goByMenu = async (page: Page, path: string) => {
  await page.locator(`ion-menu a[data-path="/${path}"]`).click();
  await page.waitForURL(`**/${path}`);
};

/** A credit sale of `quantity` LAMP-9 to the customer, printed; answers the balance the print shows. */
async function creditSaleAndPrint(page: Page, quantity: string) {
  await typeInto(page, 'customer', 'ورشة النور — 177');
  await page.getByTestId('party-balance').waitFor();
  await typeInto(page, 'item_search', 'LAMP-9');
  await page.keyboard.press('Enter');
  const line = invoiceLines(page);
  await expect.poll(() => line.count()).toBe(1);
  await line.first().locator('input').first().fill(quantity);
  await typeInto(page, 'pay', '0');
  // Due in a month (a due date before the invoice's is refused), typed day first, as the date field takes it
  // whatever the browser's language.
  const due = new Date(Date.now() + 30 * 86_400_000);
  const dd = (n: number) => String(n).padStart(2, '0');
  await page
    .locator('input[name="nextPay"]')
    .fill(`${dd(due.getDate())}/${dd(due.getMonth() + 1)}/${due.getFullYear()}`);
  await page.getByTestId('save-invoice').click();
  await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/تم حفظ الفاتورة/);
  await page.locator('.question button', { hasText: 'نعم' }).click();
  await page.waitForURL(/print-modal/);
  const balance = page.locator('[data-testid="invoice-print"] tr', { hasText: 'الرصيد الحالي' });
  await balance.waitFor();
  return balance;
}

describe('figures after a save', () => {
  it('a second credit sale shows the new balance on its print, in the accounts list and in the due count', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'مصباح أمامي',
        part_no: 'LAMP-9',
        perch_price: '40',
        pay_price: '60',
        firstQuantity: '9',
      }),
    ).toBe(200);
    const customer = await postFromPage(page, 'sub_accounts/create', {
      sub_name: 'ورشة النور',
      ac_id: 1,
      cat_id: 1,
      sub_code: '177',
      sub_balance: '0',
    });
    expect(customer.status).toBe(200);
    await page.reload(); // the sales screen read its customers before this one existed

    // The owner looks at the accounts first: the screen is read and kept.
    await goByMenu(page, 'folder/sub-account2');
    const accountRow = page.locator('[data-testid="accounts-table"] tbody tr', { hasText: 'ورشة النور' });
    await accountRow.waitFor();
    expect(await accountRow.textContent()).toContain('0.00');

    await goByMenu(page, 'folder/sales');
    expect(await (await creditSaleAndPrint(page, '2')).textContent()).toContain('120.00');
    // The next sale, and its print: the balance counts both sales, not the first print's figure.
    await goByMenu(page, 'folder/sales');
    const secondPrint = await creditSaleAndPrint(page, '1');
    await expect.poll(() => secondPrint.textContent(), { timeout: 3_000 }).toContain('180.00');

    // Back by the menu: the list shows the new balance at once, not after its cache grows stale (30 s).
    await goByMenu(page, 'folder/sub-account2');
    await expect.poll(() => accountRow.textContent(), { timeout: 3_000 }).toContain('180.00');
    await expect.poll(() => page.getByTestId('due-count').textContent(), { timeout: 3_000 }).not.toBe('0');
    await page.context().close();
  });
});
