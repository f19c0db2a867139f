import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { desktop, fillIon, phone, screenshot, signIn, toastShown } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

async function openItems(options = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  await page.goto(`${running.server.baseUrl}/folder/items`);
  await page.getByTestId('new-item').waitFor();
  return page;
}

describe('item management', () => {
  it('a new item is created in the modal and found by searching the list', async () => {
    const page = await openItems();
    await page.getByTestId('new-item').click();
    await fillIon(page, 'item_name', 'فلتر هواء تويوتا');
    await fillIon(page, 'part_no', 'AF-1001');
    await fillIon(page, 'brand', 'Toyota');
    await fillIon(page, 'perch_price', '850');
    // The calculator sets the selling price: 850 + 20 % = 1020.00, and the profit shows.
    await page.locator('.price-calculator ion-button', { hasText: '+20%' }).click();
    await expect.poll(() => page.locator('input[name="pay_price"]').inputValue()).toBe('1020.00');
    await expect.poll(() => page.getByTestId('profit').textContent()).toContain('20.00');
    await fillIon(page, 'firstQuantity', '12');
    await screenshot(page, 'item-modal-desktop-light');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await toastShown(page))?.message).toBe('تم حفظ الصنف');

    await page.locator('[data-testid="item-search"] input').fill('  AF-1001 ');
    const row = page.locator('[data-testid="items-table"] tbody tr', { hasText: 'فلتر هواء تويوتا' });
    await row.waitFor();
    expect(await page.locator('[data-testid="items-table"] tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain('1,020.00');
    await page.context().close();
  });

  it("a bad price is refused with the Arabic field message, and an item's price is edited", async () => {
    const page = await openItems();
    await page.getByTestId('new-item').click();
    await fillIon(page, 'item_name', 'صنف بسعر خاطئ');
    await fillIon(page, 'perch_price', '10');
    await fillIon(page, 'pay_price', '0');
    await page.getByTestId('save-item').click();
    await expect
      .poll(() => page.locator('[data-field-error="pay_price"]').textContent())
      .toBe('يجب أن يكون المبلغ أكبر من صفر');
    await fillIon(page, 'pay_price', '12.345');
    await page.getByTestId('save-item').click();
    await expect
      .poll(() => page.locator('[data-field-error="pay_price"]').textContent())
      .toBe('أدخل مبلغا صحيحا بحد أقصى خانتين عشريتين');
    await fillIon(page, 'pay_price', '12.5');
    await page.getByTestId('save-item').click();
    await expect.poll(async () => (await toastShown(page))?.message).toBe('تم حفظ الصنف');

    await page.locator('[data-testid="item-search"] input').fill('صنف بسعر خاطئ');
    const row = page.locator('[data-testid="items-table"] tbody tr', { hasText: 'صنف بسعر خاطئ' });
    await row.waitFor();
    // Ionic moves aria-label from the host to its inner button once it hydrates: select by test id.
    await row.getByTestId('edit-item').click();
    await fillIon(page, 'pay_price', '14.75');
    await page.getByTestId('save-item').click();
    await expect.poll(() => row.textContent()).toContain('14.75');
    await page.context().close();
  });

  it('an .xlsx with one bad row shows every row in the preview, then saves the good ones', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('الأصناف');
    sheet.addRow(['اسم الصنف', 'الكود', 'سعر الشراء', 'سعر البيع']);
    sheet.addRow(['بطارية 60 أمبير', 'BAT-60', 9000, 11000]);
    sheet.addRow(['بطارية 70 أمبير', 'BAT-70', 'abc', 12000]);
    const file = join(tmpdir(), `items-${Date.now()}.xlsx`);
    await workbook.xlsx.writeFile(file);

    const page = await openItems();
    await page.getByTestId('import-items').click();
    await page.getByTestId('sheet-file').setInputFiles(file);
    await page.getByTestId('sheet-preview').click();
    await expect.poll(() => page.getByTestId('sheet-summary').textContent()).toContain('صفوف صحيحة: 1');
    expect(await page.locator('[data-testid="sheet-rows"] tr.row-invalid').textContent()).toContain('أدخل مبلغا صحيحا');
    await screenshot(page, 'item-import-preview-desktop');
    await page.getByTestId('sheet-apply').click();
    await expect.poll(async () => (await toastShown(page))?.message).toContain('1 جديد');
    await page.locator('[data-testid="item-search"] input').fill('BAT-');
    await page.locator('[data-testid="items-table"] tbody tr', { hasText: 'بطارية 60 أمبير' }).waitFor();
    expect(await page.locator('[data-testid="items-table"] tbody tr', { hasText: 'بطارية 70 أمبير' }).count()).toBe(0);
    await page.context().close();
  });

  it('the opening-quantity sheet leaves unlisted items alone unless clearing them is ticked, counted in the preview', async () => {
    const page = await openItems();
    // Two items with opening quantities, imported; the opening sheet then lists only the first.
    const itemBook = new ExcelJS.Workbook();
    const itemSheet = itemBook.addWorksheet('الأصناف');
    itemSheet.addRow(['اسم الصنف', 'الكود', 'سعر الشراء', 'سعر البيع', 'الكمية الافتتاحية']);
    itemSheet.addRow(['شمعة إشعال', 'OPEN-1', 10, 15, 5]);
    itemSheet.addRow(['سير مروحة', 'OPEN-2', 10, 15, 5]);
    const itemFile = join(tmpdir(), `opening-items-${Date.now()}.xlsx`);
    await itemBook.xlsx.writeFile(itemFile);
    await page.getByTestId('import-items').click();
    await page.getByTestId('sheet-file').setInputFiles(itemFile);
    await page.getByTestId('sheet-preview').click();
    await page.getByTestId('sheet-apply').click();
    await expect.poll(async () => (await toastShown(page))?.message).toContain('2 جديد');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('الكميات الافتتاحية');
    sheet.addRow(['الكود', 'اسم الصنف', 'الكمية']);
    sheet.addRow(['OPEN-1', 'شمعة إشعال', 8]);
    const file = join(tmpdir(), `openings-${Date.now()}.xlsx`);
    await workbook.xlsx.writeFile(file);

    await page.goto(`${running.server.baseUrl}/folder/firstq-modal`);
    await page.getByTestId('sheet-file').setInputFiles(file);
    await page.getByTestId('sheet-preview').click();
    await expect.poll(() => page.getByTestId('sheet-unlisted').textContent()).toContain('تبقى كما هي');
    await page.getByTestId('clear-unlisted').click();
    await expect.poll(() => page.getByTestId('sheet-unlisted').textContent()).toContain('سيُمسح');
    await page.getByTestId('clear-unlisted').click();
    await page.getByTestId('sheet-apply').click();
    await expect.poll(async () => (await toastShown(page))?.message).toContain('1 جديد');
    await page.locator('[data-testid="opening-table"] tbody tr', { hasText: 'OPEN-2' }).waitFor();
    await page.context().close();

    // On a phone the whole choice is read: its label wraps instead of being cut short.
    const small = await openItems(phone);
    await small.goto(`${running.server.baseUrl}/folder/firstq-modal`);
    const choice = small.getByTestId('clear-unlisted');
    await choice.waitFor();
    const cut = await choice.evaluate((checkbox) => {
      const label = checkbox.shadowRoot?.querySelector('[part="label"]');
      return label ? label.scrollWidth > label.clientWidth + 1 : 'no label';
    });
    expect(cut).toBe(false);
    await screenshot(small, 'opening-clear-unlisted-phone-light');
    await small.context().close();
  });

  it('categories are created and offered as an item filter', async () => {
    const page = await openItems();
    await page.goto(`${running.server.baseUrl}/folder/categories`);
    await page.getByTestId('save-category').waitFor();
    await fillIon(page, 'category_name', 'فلاتر');
    await expect.poll(() => page.locator('input[name="category_name"]').inputValue()).toBe('فلاتر');
    await page.getByTestId('save-category').click();
    await page.locator('[data-testid="categories-table"] tr', { hasText: 'فلاتر' }).waitFor();
    await screenshot(page, 'categories-desktop-light');
    await page.context().close();
  });

  it('a header sorts the whole list on the server: the dearest of 30 items first, though it was on no loaded page', async () => {
    const page = await openItems();
    // 30 items through the API (more than a page of 20); the dearest has the name that sorts last.
    await page.evaluate(async () => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '';
      const items = Array.from({ length: 30 }, (_, n) => ({
        item_name: `ترتيب ${String(n).padStart(2, '0')}`,
        perch_price: '1',
        pay_price: String(100 + n * 7),
      }));
      await fetch('/api/items/createMulti', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(items),
      });
    });
    await page.reload();
    await page.locator('[data-testid="item-search"] input').fill('ترتيب');
    const rows = page.locator('[data-testid="items-table"] tbody tr');
    await expect.poll(() => rows.first().textContent()).toContain('ترتيب 00');
    expect(await rows.count()).toBe(20);
    const priceHeader = page.locator('[data-testid="items-table"] thead button', { hasText: 'سعر البيع' });
    await priceHeader.click();
    // Largest first, read from the server: item 29 (303.00) was not among the 20 loaded before.
    await expect.poll(() => rows.first().textContent()).toContain('ترتيب 29');
    expect(await rows.first().textContent()).toContain('303.00');
    expect(await page.locator('[data-testid="items-table"] th[aria-sort]').getAttribute('aria-sort')).toBe(
      'descending',
    );
    await priceHeader.click();
    await expect.poll(() => rows.first().textContent()).toContain('ترتيب 00');
    expect(await rows.count()).toBe(20);
  });

  it('screenshots of the item list: desktop light and dark, phone', async () => {
    for (const [name, options, scheme] of [
      ['items-desktop-light', desktop, 'light'],
      ['items-desktop-dark', desktop, 'dark'],
      ['items-phone-light', phone, 'light'],
    ] as const) {
      const page = await openItems(options, scheme);
      await page.locator('[data-testid="items-table"]').waitFor();
      await screenshot(page, name);
      if (options === phone) {
        await page.getByTestId('new-item').click();
        await page.locator('input[name="item_name"]').waitFor();
        await screenshot(page, 'item-modal-phone-light');
      }
      await page.context().close();
    }
  });
});
