/**
 * A real shop day at the counter (issue 8, sections 1 and 2): nothing typed or sold is lost, Enter never saves an
 * invoice, the discount survives a line edit, Arabic-Indic digits and a scanner's fast typing are kept.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  holdRequests,
  invoiceLines,
  phone,
  postFromPage,
  screenshot,
  signIn,
  toastShown,
  typeInto,
} from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const toastMessage = async (page: Page) => (await toastShown(page))?.message ?? '';
const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('aria-label'),
  );
/** The sales invoices of store 1 as the record reads them. */
const savedSales = (page: Page) =>
  page.evaluate(async () => {
    const list = (await fetch('/api/pay/getTopSales?store_id=1').then((r) => r.json())).data as { pay_ref: string }[];
    return list.map((d) => d.pay_ref);
  });

async function openDesktop(path = 'folder/sales') {
  const page = await openSignedIn(running);
  if (path !== 'folder/sales') await page.goto(`${running.server.baseUrl}/${path}`);
  return page;
}

/** Picks an item by name in the item field and adds it with the quantity given (Enter, quantity, Enter, Enter). */
async function addByName(page: Page, name: string, quantity: string) {
  await typeInto(page, 'item_search', name);
  await page.locator('.item-results button').first().waitFor();
  // A screen reader hears the active result: the field names it, and it is the list's selected option.
  const active = await page.locator('input[name="item_search"]').getAttribute('aria-activedescendant');
  expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
  expect(await page.locator(`[id="${active}"]`).getAttribute('role')).toBe('option');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe('quantity');
  await page.keyboard.type(quantity);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
}

describe('the counter never loses a sale', () => {
  it('a sale entered after printing the previous one is stored as a new sale', async () => {
    const page = await openDesktop();
    for (const item of [
      { item_name: 'لمبة أمامية', part_no: 'LMP-1', perch_price: '10', pay_price: '15', firstQuantity: '30' },
      { item_name: 'لمبة خلفية', part_no: 'LMP-2', perch_price: '8', pay_price: '12', firstQuantity: '30' },
    ]) {
      expect(await createItem(page, item)).toBe(200);
    }
    await page.reload();
    // A new sale starts with the walk-in customer chosen and the focus in the item field.
    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('عميل نقدي — 101');
    await expect.poll(() => focusedName(page)).toBe('item_search');
    await addByName(page, 'لمبة أمامية', '2');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/SH-S-\d{6}/);
    const first = (await toastMessage(page)).split(' ').pop() ?? '';
    await page.locator('.question button', { hasText: 'نعم' }).click();
    await page.waitForURL(/print-modal/);
    await page.getByTestId('print-totals').waitFor();

    // Back to the sales invoice from the menu: a fresh invoice, not the one just printed.
    await page.locator('ion-menu a[data-path="/folder/sales"]').click();
    await page.waitForURL('**/folder/sales');
    await expect.poll(() => invoiceLines(page).count()).toBe(0);
    await addByName(page, 'لمبة خلفية', '3');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).not.toContain(first);
    await expect.poll(() => toastMessage(page)).toMatch(/SH-S-\d{6}/);
    const second = (await toastMessage(page)).split(' ').pop() ?? '';
    await page.locator('.question button', { hasText: 'لا' }).click();
    const refs = await savedSales(page);
    expect(refs).toContain(first);
    expect(refs).toContain(second);
    await page.context().close();
  });

  it('Enter in a line moves on (quantity → price → item field) and never saves the invoice', async () => {
    const page = await openDesktop('folder/purchase');
    expect(
      await createItem(page, { item_name: 'طرمبة ماء', part_no: 'PMP-1', perch_price: '70', pay_price: '95' }),
    ).toBe(200);
    await typeInto(page, 'customer', 'شركة الخليج للاسبيرات — 201');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'item_search', 'PMP-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    const quantityCell = invoiceLines(page).first().locator('input').first();
    await quantityCell.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('سعر الوحدة');
    await page.keyboard.type('72');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('item_search');
    // Enter in the payment too: the cashier saves with Ctrl+S or the button only.
    await typeInto(page, 'pay', '100');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1500);
    expect(await toastMessage(page)).toBe('');
    expect(await invoiceLines(page).count()).toBe(1);
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('360.00');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/SH-P-\d{6}/);
    await page.context().close();
  });

  it('a percentage discount follows the new total after a line edit; an amount stays and is refused above the total', async () => {
    const page = await openDesktop();
    expect(
      await createItem(page, {
        item_name: 'مروحة رديتر',
        part_no: 'FAN-1',
        perch_price: '50',
        pay_price: '100',
        firstQuantity: '50',
      }),
    ).toBe(200);
    await addByName(page, 'مروحة رديتر', '2');
    await typeInto(page, 'discount_percent', '10');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('20.00');
    await invoiceLines(page).first().locator('input').first().fill('3');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('300.00');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('30.00');
    await expect.poll(() => page.getByTestId('net').textContent()).toBe('270.00');

    await typeInto(page, 'discount', '150');
    await invoiceLines(page).first().locator('input').first().fill('2');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('200.00');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('150');
    await invoiceLines(page).first().locator('input').first().fill('1');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('150');
    await expect.poll(() => page.getByTestId('changee').textContent()).toBe('الخصم أكبر من إجمالي الفاتورة');
    await page.context().close();
  });

  it('cash received above the net shows the change due; the invoice records the net as paid', async () => {
    const page = await openDesktop();
    expect(
      await createItem(page, {
        item_name: 'منظف زجاج',
        part_no: 'CLN-1',
        perch_price: '5',
        pay_price: '80',
        firstQuantity: '9',
      }),
    ).toBe(200);
    await addByName(page, 'منظف زجاج', '1');
    await typeInto(page, 'pay', '100');
    await expect.poll(() => page.getByTestId('change-due').textContent()).toBe('20.00');
    await screenshot(page, 'counter-change-due-desktop-light');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toMatch(/SH-S-\d{6}/);
    await page.locator('.question button', { hasText: 'نعم' }).click();
    const totals = page.getByTestId('print-totals');
    await totals.waitFor();
    await expect.poll(() => totals.textContent()).toContain('100.00');
    await expect.poll(() => totals.textContent()).toContain('20.00');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await page.evaluate(
      async (payId) => (await fetch(`/api/pay/readById?pay_id=${payId}&store_id=1`).then((r) => r.json())).data[0],
      id,
    );
    expect(saved.pay).toBe('80.00');
    expect(saved.changee).toBe('0.00');
    await page.context().close();
  });
});

describe('numbers as people type them', () => {
  it('Arabic-Indic digits in the item form and on an invoice are read as numbers', async () => {
    const page = await openDesktop('folder/items');
    await page.getByTestId('new-item').click();
    await page.locator('input[name="item_name"]').fill('كشاف ضباب');
    await page.locator('input[name="part_no"]').fill('FOG-1');
    await page.locator('input[name="perch_price"]').focus();
    await page.keyboard.type('٨٠');
    await page.locator('input[name="pay_price"]').focus();
    await page.keyboard.type('١٠٠٫٥');
    await page.locator('input[name="firstQuantity"]').focus();
    await page.keyboard.type('۲۰');
    await screenshot(page, 'counter-item-form-arabic-digits-desktop-light');
    await page.getByTestId('save-item').click();
    await expect.poll(() => toastMessage(page)).toBe('تم حفظ الصنف');
    const item = await page.evaluate(
      async () => (await fetch('/api/items/read?search=FOG-1').then((r) => r.json())).data[0],
    );
    expect(item.pay_price).toBe('100.50');
    expect(item.perch_price).toBe('80.00');

    await page.goto(`${running.server.baseUrl}/folder/sales`);
    await addByName(page, 'كشاف ضباب', '٣');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('301.50');
    const quantityCell = invoiceLines(page).first().locator('input').first();
    await quantityCell.fill('');
    await quantityCell.type('٢');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('201.00');
    await typeInto(page, 'pay', '٢٠١');
    await expect.poll(() => page.getByTestId('changee').textContent()).toBe('0.00');
    // A code typed in Arabic-Indic digits still finds the item.
    await page.context().close();
  });

  it('a scanner typing 13 digits at 2 ms a key into the item form keeps every digit; sign-in typed at once works', async () => {
    const page = await openDesktop('folder/items');
    await page.getByTestId('new-item').click();
    await page.locator('input[name="item_name"]').focus();
    await page.keyboard.type('حساس حرارة', { delay: 2 });
    await page.locator('input[name="item_parcode"]').focus();
    await page.keyboard.type('6290000000127', { delay: 2 });
    await page.locator('input[name="perch_price"]').focus();
    await page.keyboard.type('40', { delay: 2 });
    await page.locator('input[name="pay_price"]').focus();
    await page.keyboard.type('55', { delay: 2 });
    await page.getByTestId('save-item').click();
    await expect.poll(() => toastMessage(page)).toBe('تم حفظ الصنف');
    const item = await page.evaluate(
      async () => (await fetch('/api/items/read?search=6290000000127').then((r) => r.json())).data[0],
    );
    expect(item?.item_parcode).toBe('6290000000127');
    expect(item?.item_name).toBe('حساس حرارة');
    await page.context().close();

    const fresh = await (await running.browser.newContext(desktop)).newPage();
    await fresh.goto(`${running.server.baseUrl}/folder/login`);
    await fresh.locator('input[name="user_name"]').focus();
    await fresh.keyboard.type('admin', { delay: 0 });
    await fresh.locator('input[name="password"]').focus();
    await fresh.keyboard.type('admin123', { delay: 0 });
    expect(await fresh.locator('input[name="user_name"]').inputValue()).toBe('admin');
    expect(await fresh.locator('input[name="password"]').inputValue()).toBe('admin123');
    await fresh.keyboard.press('Enter');
    await fresh.waitForURL('**/analytics-dashboard');
    await fresh.context().close();
  });
});

describe('on a phone', () => {
  it('a quantity typed after tapping a search result is kept; the next invoice opens on its first segment', async () => {
    const page = await (await running.browser.newContext(phone)).newPage();
    await signIn(page, running.server.baseUrl, 'cashier', 'cashier123');
    // Items and customers are the administrator's to create (a cashier's role has neither permission).
    const setup = await openSignedIn(running);
    await page.waitForURL('**/folder/sales-mob');
    expect(
      await createItem(setup, {
        item_name: 'فلتر زيت',
        part_no: 'OIL-7',
        perch_price: '6',
        pay_price: '9',
        firstQuantity: '40',
      }),
    ).toBe(200);
    await page.locator('.invoice-sections label', { hasText: 'الأصناف' }).click();
    await page.locator('input[name="item_search"]').tap();
    await page.keyboard.type('فلتر زيت');
    await page.locator('.item-results button').first().tap();
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    expect(await invoiceLines(page).first().locator('input').first().inputValue()).toBe('4');
    await screenshot(page, 'counter-phone-items-light');
    // Row buttons are big enough for a finger.
    const remove = await invoiceLines(page).first().locator('button').boundingBox();
    expect(remove?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(remove?.width ?? 0).toBeGreaterThanOrEqual(44);

    await page.locator('.invoice-sections label', { hasText: 'الحسابات' }).click();
    await page.getByTestId('save-invoice').click();
    await expect.poll(() => toastMessage(page)).toMatch(/SH-S-\d{6}/);
    const answer = page.locator('.question button', { hasText: 'لا' });
    await answer.waitFor();
    expect((await answer.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await answer.click();
    await expect
      .poll(() => page.locator('.invoice-sections label.segment-checked').textContent())
      .toContain('الفاتورة');
    await page.context().close();
  });

  it('a customer typed as the walk-in customer arrives is never run on after the walk-in’s name', async () => {
    const page = await (await running.browser.newContext(phone)).newPage();
    await signIn(page, running.server.baseUrl, 'cashier', 'cashier123');
    // Items and customers are the administrator's to create (a cashier's role has neither permission).
    const setup = await openSignedIn(running);
    await page.waitForURL('**/folder/sales-mob');
    const customer = await postFromPage(setup, 'sub_accounts/create', {
      sub_name: 'مطعم الواحة',
      ac_id: 1,
      cat_id: 1,
      sub_code: '177',
      sub_balance: '0',
    });
    expect(customer.status).toBe(200);
    // The walk-in customer's read (and the names the phone keeps) are held until the cashier is in the field. Right
    // when the walk-in is chosen (the field names his id), the cashier's Ctrl+A lands: his name must already be in
    // the field then, or not come at all. Drawn a moment later, the name stood before the keys typed next
    // ("عميل نقدي — 101مطعم الواحة — 177").
    // A device that kept him already starts with him at once: this one has not (what it kept is taken away).
    const { release: releaseList } = await holdRequests(page, '**/api/sub_accounts/partyNames*');
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const opened = indexedDB.open('mizan-offline');
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const tx = opened.result.transaction('cache', 'readwrite');
            tx.objectStore('cache').delete(JSON.stringify(['parties', 1, 'walkIn']));
            tx.objectStore('cache').delete(JSON.stringify(['parties', 1]));
            tx.oncomplete = () => resolve(opened.result.close());
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await page.reload();
    const field = page.locator('input[name="customer"]:visible');
    await field.waitFor();
    await field.focus();
    await field.evaluate((input: HTMLInputElement) => {
      const observer = new MutationObserver(() => {
        if (!input.dataset.partyId) return;
        observer.disconnect();
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true }));
        input.select();
        input.dataset.keysLanded = 'yes';
      });
      observer.observe(input, { attributes: true, attributeFilter: ['data-party-id'] });
    });
    releaseList();
    await expect.poll(() => field.getAttribute('data-keys-landed')).toBe('yes');
    await page.keyboard.type('مطعم الواحة — 177');
    await expect.poll(() => page.getByTestId('party-balance').isVisible()).toBe(true);
    expect(await field.inputValue()).toBe('مطعم الواحة — 177');
    await page.context().close();
  });
});

describe('screenshots of the counter in the dark', () => {
  it('desktop and phone, dark: a line, a % discount and change due', { timeout: 120_000 }, async () => {
    for (const [look, options] of [
      ['desktop-dark', { ...desktop, colorScheme: 'dark' as const }],
      ['phone-dark', { ...phone, colorScheme: 'dark' as const }],
    ] as const) {
      const page = await (await running.browser.newContext(options)).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL('**/analytics-dashboard');
      await page.goto(`${running.server.baseUrl}/folder/sales${look.startsWith('phone') ? '-mob' : ''}`);
      if (look === 'desktop-dark') {
        const item = { item_name: 'مروحة ليلية', part_no: 'FAN-9', perch_price: '50', pay_price: '100' };
        expect(await createItem(page, { ...item, firstQuantity: '50' })).toBe(200);
      }
      if (look === 'phone-dark') await page.locator('.invoice-sections label', { hasText: 'الأصناف' }).click();
      await addByName(page, 'مروحة ليلية', '2');
      if (look === 'phone-dark') await page.locator('.invoice-sections label', { hasText: 'الحسابات' }).click();
      await typeInto(page, 'discount_percent', '5');
      await typeInto(page, 'pay', '200');
      await expect.poll(() => page.getByTestId('change-due').textContent()).toBe('10.00');
      await screenshot(page, `counter-sales-${look}`);
      await page.context().close();
    }
  });
});

/** Whether the element's first character is drawn left of its last one (what a reader sees, not the CSS). */
function readsLeftToRight(element: Element) {
  const text = element.firstChild;
  if (!text?.textContent) return false;
  const at = (index: number) => {
    const range = document.createRange();
    range.setStart(text, index);
    range.setEnd(text, index + 1);
    return range.getBoundingClientRect().x;
  };
  return at(0) < at(text.textContent.length - 1);
}

describe('mixed direction', () => {
  it('a negative profit, codes, a phone and the price preview read in their natural order', async () => {
    const page = await openDesktop('folder/items');
    expect(
      await createItem(page, { item_name: 'كاسيت نقص', part_no: 'LOSS-1', perch_price: '100', pay_price: '80' }),
    ).toBe(200);
    await page.getByTestId('new-item').click();
    await page.locator('input[name="perch_price"]').fill('100');
    await page.locator('input[name="pay_price"]').fill('80');
    const profit = page.locator('[data-testid="profit"] bdi');
    await expect.poll(() => profit.textContent()).toBe('-20.00 %');
    // Drawn as read: the minus sign left of the digits, the % sign right of them.
    expect(await profit.evaluate(readsLeftToRight)).toBe(true);
    expect(await page.locator('input[name="part_no"]').getAttribute('dir')).toBe('ltr');
    expect(await page.locator('input[name="item_parcode"]').getAttribute('dir')).toBe('ltr');
    await screenshot(page, 'mixed-item-form-desktop-light');
    await page.keyboard.press('Escape');
    await page.locator('input[name="item_name"]').waitFor({ state: 'detached' });

    // Old price, arrow, new price, read right to left: the old one stands on the right.
    await page.locator('ion-button', { hasText: 'تعديل الأسعار' }).click();
    await page.locator('input[name="payval"]').fill('10');
    await page.getByTestId('price-preview').click();
    const change = page.locator('.price-change', { hasText: '80.00' }).first();
    await change.waitFor();
    const [oldPrice, newPrice] = await change
      .locator('bdi')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(oldPrice ?? 0).toBeGreaterThan(newPrice ?? 0);
    await screenshot(page, 'mixed-price-preview-desktop-light');
    await page.context().close();

    const accounts = await openDesktop('folder/sub-account2');
    const saved = await postFromPage(accounts, 'sub_accounts/create', {
      sub_name: 'Nile Parts Co.',
      ac_id: 1,
      cat_id: 1,
      sub_code: '188',
      sub_balance: '0',
      phone: '+249 912 345 678',
    });
    expect(saved.status).toBe(200);
    await accounts.reload();
    const row = accounts.locator('[data-testid="accounts-table"] tbody tr', { hasText: 'Nile Parts Co.' });
    await row.waitFor();
    // Polled: a row is found before Ionic has finished laying out the page that was reloaded (every glyph at x 0).
    await expect.poll(() => row.locator('bdi', { hasText: '912' }).evaluate(readsLeftToRight)).toBe(true);
    await expect.poll(() => row.locator('bdi', { hasText: 'Nile' }).evaluate(readsLeftToRight)).toBe(true);
    await screenshot(accounts, 'mixed-accounts-desktop-light');
    await accounts.context().close();
  });
});
