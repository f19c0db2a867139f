/**
 * A store keeper's day with the stock count and the item movement report (issue 19): two items counted (one scanned,
 * one searched), a line with no difference refused on the line, the count saved; the stock change seen in the
 * movement report, the count opened from the report, edited, and deleted from the record.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, phone, postFromPage, readFromPage, screenshot, signIn, toastShown } from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

type Summary = { opening: string; incoming: string; outgoing: string; closing: string };
const lines = (page: Page) => page.locator('[data-testid="count-lines"] tbody tr');
const counted = (page: Page, name: string) => page.getByLabel(`الكمية الفعلية ${name}`);
const closing = (page: Page) => page.getByTestId('movement-closing').textContent();

async function itemId(page: Page, code: string) {
  const found = await readFromPage<{ id: number; part_no: string }[]>(page, `items/searchStock?search=${code}`);
  const item = found.find((i) => i.part_no === code);
  if (!item) throw new Error(`no item ${code}`);
  return item.id;
}

describe('stock count and item movement', () => {
  it('a keeper counts two items, sees the stock move in the report, opens the count from it, edits and deletes it', async () => {
    const page = await openSignedIn(running);
    const base = running.server.baseUrl;
    const category = (await postFromPage(page, 'item_categories/create', { category_name: 'رف الفلاتر' })).body.data[0];
    for (const item of [
      { item_name: 'فلتر زيت', part_no: 'OF-1', item_parcode: '6291000000011', firstQuantity: '10' },
      { item_name: 'فلتر هواء', part_no: 'AF-1', item_parcode: '6291000000028', firstQuantity: '5' },
    ]) {
      const saved = await postFromPage(page, 'items/create', {
        ...item,
        perch_price: '20',
        pay_price: '30',
        category_id: category.id,
      });
      expect(saved.status).toBe(200);
    }
    const oil = await itemId(page, 'OF-1');

    // The count: the oil filter scanned (its barcode typed fast, then Enter), the air filter searched by name.
    await page.goto(`${base}/folder/tswia`);
    const search = page.getByTestId('count-item-search');
    await search.waitFor();
    await search.focus();
    await page.keyboard.type('6291000000011', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => lines(page).count()).toBe(1);
    await search.fill('فلتر هواء');
    await page.locator('.item-results [role="option"]', { hasText: 'فلتر هواء' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => lines(page).count()).toBe(2);
    expect(await page.getByTestId('count-system').allTextContents()).toEqual(['10', '5']);

    // Counted: 8 oil filters typed in Arabic-Indic digits; the air filters as the system says, refused on the line.
    await counted(page, 'فلتر زيت').fill('٨');
    await counted(page, 'فلتر هواء').fill('5');
    await page.getByTestId('save-count').click();
    const lineError = page.getByTestId('count-line-error');
    await expect.poll(() => lineError.textContent()).toContain('الكمية الفعلية تساوي الكمية في النظام');
    await expect.poll(async () => (await toastShown(page))?.color).toBe('danger');
    await counted(page, 'فلتر هواء').fill('7');
    expect(await page.getByTestId('count-difference').allTextContents()).toEqual(['2', '-2']);
    expect(await page.getByTestId('count-total').textContent()).toBe('0.00');
    await screenshot(page, 'tswia-desktop-light');
    await page.getByTestId('save-count').click();
    await expect.poll(async () => (await toastShown(page))?.message).toMatch(/^تم حفظ التسوية/);
    await expect.poll(() => lines(page).count()).toBe(0);

    // The movement report of the oil filter (as the stock list links to it): 10 opened, 2 went with the count.
    await page.goto(`${base}/folder/items-report?item=${oil}`);
    await expect.poll(() => closing(page)).toBe('8');
    expect(await readFromPage<unknown[]>(page, `reports/itemMovement?item_id=${oil}`)).toHaveLength(2);
    expect(await page.getByTestId('movement-balance').allTextContents()).toEqual(['10', '8']);
    expect(await page.getByTestId('movement-out').allTextContents()).toEqual(['', '2']);
    await screenshot(page, 'items-report-desktop-light');
    // Exported as the screen shows it: a right-to-left sheet, the quantity after each movement.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(file.suggestedFilename()).toBe('حركة الصنف.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.views[0]?.rightToLeft).toBe(true);
    expect([
      sheet?.getCell('A5').value,
      sheet?.getCell('G5').value,
      sheet?.getCell('A6').value,
      sheet?.getCell('G6').value,
    ]).toEqual(['كمية افتتاحية', 10, 'تسوية جردية', 8]);

    // Open the count from its row: the edit screen with its lines; the oil filter counted again, 9.
    await page.getByTestId('open-document').last().click();
    await page.waitForURL(/folder\/edit-tswia\?id=\d+/);
    await expect.poll(() => counted(page, 'فلتر زيت').inputValue()).toBe('8');
    expect(await page.getByTestId('count-system').allTextContents()).toEqual(['10', '5']);
    await counted(page, 'فلتر زيت').fill('9');
    await page.getByTestId('save-count').click();
    await page.waitForURL(/folder\/tswia-record/);
    await page.getByTestId('edit-count').first().waitFor();
    await screenshot(page, 'tswia-record-desktop-light');

    await page.goto(`${base}/folder/items-report?item=${oil}`);
    await expect.poll(() => closing(page)).toBe('9');

    // Deleted from the record: the stock is back to what it was.
    await page.goto(`${base}/folder/tswia-record`);
    await page.getByTestId('edit-count').first().click();
    await page.waitForURL(/folder\/edit-tswia/);
    await expect.poll(() => counted(page, 'فلتر زيت').inputValue()).toBe('9');
    await page.getByTestId('delete-count').click();
    await page.locator('ion-alert button', { hasText: 'موافق' }).click();
    await page.waitForURL(/folder\/tswia-record/);
    await page.goto(`${base}/folder/items-report?item=${oil}`);
    await expect.poll(() => closing(page)).toBe('10');
    const after = await page.evaluate(
      async (id) => (await (await fetch(`/api/reports/itemMovement?item_id=${id}`)).json()).summary as Summary,
      oil,
    );
    expect(after).toMatchObject({ opening: '0.000', incoming: '10.000', outgoing: '0.000', closing: '10.000' });
    await page.context().close();
  });

  it('looks right on a phone and in the dark: the report, the count with a category added, the record', async () => {
    for (const [options, name] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
        await signIn(page, running.server.baseUrl);
        await page.waitForURL(/folder\/sales|analytics-dashboard/);
        const oil = await itemId(page, 'OF-1');
        await page.goto(`${running.server.baseUrl}/folder/items-report?item=${oil}`);
        await expect.poll(() => closing(page)).toBe('10');
        if (!(name === 'desktop' && colorScheme === 'light'))
          await screenshot(page, `items-report-${name}-${colorScheme}`);
        await page.goto(`${running.server.baseUrl}/folder/tswia`);
        await page.getByTestId('count-category').selectOption({ label: 'رف الفلاتر' });
        await page.getByRole('button', { name: 'إضافة أصناف التصنيف' }).click();
        await expect.poll(() => lines(page).count()).toBe(2);
        await counted(page, 'فلتر زيت').fill('12');
        if (!(name === 'desktop' && colorScheme === 'light')) await screenshot(page, `tswia-${name}-${colorScheme}`);
        await page.context().close();
      }
    }
  });
});
