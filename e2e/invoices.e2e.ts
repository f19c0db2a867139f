import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  fillIon,
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

const segment = (page: Page, label: string) => page.locator('.invoice-sections label', { hasText: label }).click();
const toastMessage = async (page: Page) => (await toastShown(page))?.message ?? '';

describe('invoices on a phone and new parties and items on the invoice', () => {
  it('on a phone a cashier enters a 3-line invoice with 10 % discount and a partial payment, prints it, finds it and edits it', async () => {
    const page = await (await running.browser.newContext(phone)).newPage();
    await signIn(page, running.server.baseUrl, 'cashier', 'cashier123');
    // Items and customers are the administrator's to create (a cashier's role has neither permission).
    const setup = await openSignedIn(running);
    await page.waitForURL('**/folder/sales-mob');
    for (const item of [
      { item_name: 'جوان مطاط', part_no: 'GSK-1', perch_price: '9', pay_price: '12.50', firstQuantity: '40' },
      { item_name: 'فلتر هواء', part_no: 'AIR-1', perch_price: '30', pay_price: '45', firstQuantity: '40' },
      { item_name: 'شمعة احتراق', part_no: 'SPK-1', perch_price: '5', pay_price: '7.75', firstQuantity: '40' },
    ]) {
      expect(await createItem(setup, item)).toBe(200);
    }
    const customer = await postFromPage(setup, 'sub_accounts/create', {
      sub_name: 'بقالة الأمل',
      ac_id: 1,
      cat_id: 1,
      sub_code: '150',
      sub_balance: '0',
    });
    expect(customer.status).toBe(200);
    // The customer list was read when the screen opened: open it again to see the new one.
    await page.reload();

    await typeInto(page, 'customer', 'بقالة الأمل — 150');
    await page.getByTestId('party-balance').waitFor();
    await segment(page, 'الأصناف');
    // A code typed (or scanned) and Enter adds the item with quantity 1; quantities are then typed in the rows.
    for (const code of ['GSK-1', 'AIR-1', 'SPK-1']) {
      const before = await invoiceLines(page).count();
      await typeInto(page, 'item_search', code);
      await page.keyboard.press('Enter');
      await expect.poll(() => invoiceLines(page).count()).toBe(before + 1);
    }
    await invoiceLines(page).nth(0).locator('input').first().fill('2');
    await invoiceLines(page).nth(2).locator('input').first().fill('4');
    await segment(page, 'الحسابات');
    // 2 × 12.50 + 45 + 4 × 7.75 = 101.00; 10 % = 10.10; paid 50: 40.90 remains.
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('101.00');
    await typeInto(page, 'discount_percent', '10');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('10.10');
    await typeInto(page, 'pay', '50');
    await expect.poll(() => page.getByTestId('changee').textContent()).toBe('40.90');
    await page.getByTestId('save-invoice').click();
    await expect.poll(() => toastMessage(page)).toMatch(/تم حفظ الفاتورة SH-S-\d{6}/);
    const ref = (await toastMessage(page)).split(' ').pop() ?? '';

    await page.locator('.question button', { hasText: 'نعم' }).click();
    await page.waitForURL(/print-modal/);
    const totals = page.getByTestId('print-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toContain('101.00');
    expect(await totals.textContent()).toContain('40.90');

    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    await typeInto(page, 'customer', 'بقالة الأمل — 150');
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('record-totals').textContent()).toContain('40.90');
    await row.locator('ion-button', { hasText: 'تعديل' }).click();
    // A phone edits on the phone screen.
    await page.waitForURL(/edit-sales-mob/);
    await segment(page, 'الأصناف');
    const firstQuantity = invoiceLines(page).first().locator('input').first();
    await expect.poll(() => firstQuantity.inputValue()).toBe('2');
    await firstQuantity.fill('3');
    await segment(page, 'الحسابات');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('113.50');
    await page.getByTestId('save-invoice').click();
    await page.locator('.question button', { hasText: 'لا' }).click();
    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    await typeInto(page, 'customer', 'بقالة الأمل — 150');
    await page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref }).waitFor();
    await expect.poll(() => page.getByTestId('record-totals').textContent()).toContain('113.50');
    await page.context().close();
  });

  it('a purchase adds a new supplier and a new item without leaving the invoice, and raises its stock', async () => {
    const page = await openSignedIn(running);
    await page.goto(`${running.server.baseUrl}/folder/purchase`);

    await page.getByTestId('new-party').click();
    await fillIon(page, 'sub_name', 'مؤسسة الفجر للتوريدات');
    await fillIon(page, 'sub_code', '260');
    await page.getByTestId('save-account').click();
    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('مؤسسة الفجر للتوريدات — 260');
    await page.getByTestId('party-balance').waitFor();

    await page.getByTestId('new-line-item').click();
    await fillIon(page, 'item_name', 'رديتر نحاس');
    await fillIon(page, 'part_no', 'RAD-9');
    await fillIon(page, 'perch_price', '300');
    await fillIon(page, 'pay_price', '420');
    await page.getByTestId('save-item').click();
    // The new item is picked: its stock (0) shows and the quantity takes the next keys.
    await expect.poll(() => page.getByTestId('picked-stock').textContent()).toContain('0');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
    await expect.poll(focused).toBe('quantity');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('1,500.00');
    await screenshot(page, 'purchase-new-supplier-item-desktop-light');
    await page.getByTestId('save-invoice').click();
    await expect.poll(() => toastMessage(page)).toMatch(/SH-P-\d{6}/);
    await page.locator('.question button', { hasText: 'لا' }).click();
    const stock = await page.evaluate(async () => {
      const list = (await fetch('/api/items/searchStock?search=RAD-9').then((r) => r.json())).data;
      return list[0]?.quantity;
    });
    expect(stock).toBe('5.000');
    await page.context().close();
  });
});

/** Every trading screen of issue 4, in the four looks a shop sees: desktop and phone, light and dark. */
describe('screens of the trading documents', () => {
  type Screen = { name: string; path: string; title: string; ref?: string; phoneOnly?: boolean; desktopOnly?: boolean };
  let screens: Screen[] = [];

  beforeAll(async () => {
    const setup = await (await running.browser.newContext(desktop)).newPage();
    await signIn(setup, running.server.baseUrl);
    await setup.waitForURL('**/analytics-dashboard');
    const item = {
      item_name: 'ماسورة عادم',
      part_no: 'EXH-1',
      perch_price: '60',
      pay_price: '85',
      firstQuantity: '20',
    };
    const created = await postFromPage(setup, 'items/create', item);
    expect(created.status).toBe(200);
    const itemId = created.body.data[0].id;
    const parties = (
      await setup.evaluate(() => fetch('/api/sub_accounts/getAllCustomerSupplier').then((r) => r.json()))
    ).data as { id: number; ac_id: number }[];
    const customerId = parties.find((p) => p.ac_id === 1)?.id;
    const supplierId = parties.find((p) => p.ac_id === 2)?.id;
    const save = async (path: string, body: object) => {
      const res = await postFromPage(setup, path, body);
      expect(res.status).toBe(200);
      return res.body.data[0] as { pay_id: number; pay_ref: string };
    };
    const invoice = (cust_id: number | undefined, extra: object = {}) => ({
      invoice: {
        cust_id,
        pay_date: '2026-11-22',
        pay: '50',
        nextPay: '2026-12-20',
        payComment: 'تسليم بالمحل',
        ...extra,
      },
      items: [{ item_id: itemId, quantity: '2' }],
    });
    const sale = await save('pay/createWithItems', invoice(customerId));
    const purchase = await save('perch/createWithItems', invoice(supplierId));
    const order = await save('perchOrder/createWithItems', invoice(supplierId, { pay: '0', nextPay: '' }));
    // Value-only invoices, as the value screens save them (without the flag, a header awaits its lines and no record
    // counts it).
    const valueSale = await save('pay/create', {
      value_only: true,
      cust_id: customerId,
      pay_date: '2026-11-22',
      tot_pr: '400',
      pay: '100',
    });
    const valuePurchase = await save('perch/create', {
      value_only: true,
      cust_id: supplierId,
      pay_date: '2026-11-22',
      tot_pr: '900',
      pay: '0',
    });
    await setup.context().close();

    const edit = (path: string, doc: { pay_id: number; pay_ref: string }, kind = '') =>
      `${path}?${kind ? `kind=${kind}&` : ''}id=${doc.pay_id}`;
    screens = [
      { name: 'sales', path: 'folder/sales', title: 'فاتورة مبيعات', desktopOnly: true },
      {
        name: 'edit-sales',
        path: edit('folder/edit-sales', sale),
        title: 'تعديل فاتورة مبيعات',
        ref: sale.pay_ref,
        desktopOnly: true,
      },
      { name: 'sales-mob', path: 'folder/sales-mob', title: 'فاتورة مبيعات', phoneOnly: true },
      {
        name: 'edit-sales-mob',
        path: edit('folder/edit-sales-mob', sale),
        title: 'تعديل فاتورة مبيعات',
        ref: sale.pay_ref,
        phoneOnly: true,
      },
      { name: 'sales-record', path: 'folder/sales-record', title: 'سجل المبيعات', ref: sale.pay_ref },
      { name: 'purchase', path: 'folder/purchase', title: 'فاتورة مشتريات', desktopOnly: true },
      {
        name: 'edit-perch',
        path: edit('folder/edit-perch', purchase),
        title: 'تعديل فاتورة مشتريات',
        ref: purchase.pay_ref,
        desktopOnly: true,
      },
      { name: 'purchase-mob', path: 'folder/purchase-mob', title: 'فاتورة مشتريات', phoneOnly: true },
      {
        name: 'edit-purchase-mob',
        path: edit('folder/edit-purchase-mob', purchase),
        title: 'تعديل فاتورة مشتريات',
        ref: purchase.pay_ref,
        phoneOnly: true,
      },
      { name: 'purchase-record', path: 'folder/purchase-record', title: 'سجل المشتريات', ref: purchase.pay_ref },
      { name: 'prch-order', path: 'folder/prch-order', title: 'أمر شراء' },
      {
        name: 'edit-prch-order',
        path: edit('folder/edit-prch-order', order, 'perchOrder'),
        title: 'تعديل امر شراء',
        ref: order.pay_ref,
      },
      { name: 'prch-order-record', path: 'folder/prch-order-record', title: 'سجل اوامر الشراء', ref: order.pay_ref },
      { name: 'salessnd', path: 'folder/salessnd', title: 'فاتورة مبيعات (قيمة)' },
      {
        name: 'editsalessnd',
        path: edit('folder/editsalessnd', valueSale),
        title: 'تعديل فاتورة مبيعات (قيمة)',
        ref: valueSale.pay_ref,
      },
      {
        name: 'salessndrecord',
        path: 'folder/salessndrecord',
        title: 'سجل فواتير المبيعات (قيمة)',
        ref: valueSale.pay_ref,
      },
      { name: 'purchsnd', path: 'folder/purchsnd', title: 'فاتورة مشتريات (قيمة)' },
      {
        name: 'editpurchsnd',
        path: edit('folder/editpurchsnd', valuePurchase),
        title: 'تعديل فاتورة مشتريات (قيمة)',
        ref: valuePurchase.pay_ref,
      },
      {
        name: 'purchsndrecord',
        path: 'folder/purchsndrecord',
        title: 'سجل فواتير المشتريات (قيمة)',
        ref: valuePurchase.pay_ref,
      },
      { name: 'print-a4', path: edit('print-modal', sale, 'pay'), title: 'طباعة', ref: sale.pay_ref },
      {
        name: 'print-receipt',
        path: `${edit('print-modal', sale, 'pay')}&layout=receipt`,
        title: 'طباعة',
        ref: sale.pay_ref,
      },
      { name: 'print-order', path: edit('print-modal', order, 'perchOrder'), title: 'طباعة', ref: order.pay_ref },
      { name: 'notifications', path: 'folder/notifications', title: 'التنبيهات', ref: sale.pay_ref },
    ];
  });

  const looks: [string, BrowserContextOptions][] = [
    ['desktop-light', { ...desktop, colorScheme: 'light' }],
    ['desktop-dark', { ...desktop, colorScheme: 'dark' }],
    ['phone-light', { ...phone, colorScheme: 'light' }],
    ['phone-dark', { ...phone, colorScheme: 'dark' }],
  ];
  for (const [look, options] of looks) {
    it(`${look}: each screen shows its title and its document, never the placeholder`, {
      timeout: 240_000,
    }, async () => {
      const onPhone = look.startsWith('phone');
      const page = await (await running.browser.newContext(options)).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL('**/analytics-dashboard');
      for (const screen of screens) {
        if ((onPhone && screen.desktopOnly) || (!onPhone && screen.phoneOnly)) continue;
        await page.goto(`${running.server.baseUrl}/${screen.path}`);
        await page.locator('ion-title', { hasText: screen.title }).first().waitFor();
        if (screen.ref) await page.getByText(screen.ref).first().waitFor();
        expect(await page.locator('.placeholder').count(), screen.name).toBe(0);
        await screenshot(page, `screen-${screen.name}-${look}`);
      }
      await page.context().close();
    });
  }
});

describe('the party picker', () => {
  it('suggests what the server finds for part of a name, right to left with each code in place: desktop and phone, light and dark', {
    timeout: 180_000,
  }, async () => {
    const setup = await openSignedIn(running);
    const added = await postFromPage(setup, 'sub_accounts/createMulti', [
      { ac_id: 1, cat_id: 1, sub_name: 'مؤسسة النور للتجارة', sub_code: '510', sub_balance: '0' },
      { ac_id: 1, cat_id: 1, sub_name: 'ورشة النور', sub_code: '511', sub_balance: '0' },
      { ac_id: 1, cat_id: 1, sub_name: 'النور للإطارات', sub_code: '512', sub_balance: '0' },
      { ac_id: 2, cat_id: 2, sub_name: 'النور للتوريدات', sub_code: '513', sub_balance: '0' },
    ]);
    expect(added.status).toBe(200);
    await setup.context().close();
    for (const [look, options] of [
      ['desktop', desktop],
      ['desktop-dark', { ...desktop, colorScheme: 'dark' as const }],
      ['phone', phone],
      ['phone-dark', { ...phone, colorScheme: 'dark' as const }],
    ] as const) {
      const page = await (await running.browser.newContext(options)).newPage();
      const partyReads: URL[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/sub_accounts/partyNames')) partyReads.push(new URL(request.url()));
      });
      await signIn(page, running.server.baseUrl);
      await page.waitForURL('**/analytics-dashboard');
      if (look.startsWith('phone')) {
        // The phone's own sales screen keeps the whole list of names on the device (it sells offline).
        const kept = page.waitForRequest((request) => request.url().includes('/sub_accounts/partyNames'));
        await page.goto(`${running.server.baseUrl}/folder/sales-mob`);
        await kept;
      }
      await page.goto(`${running.server.baseUrl}/folder/sales`);
      const field = page.locator('input[name="customer"]:visible');
      await expect.poll(() => field.inputValue()).toBe('عميل نقدي — 101');
      // "النور" typed with a plain alef finds the customers (a sale: not the supplier), names starting with it first.
      await typeInto(page, 'customer', 'النور');
      const offered = page.locator('[role="listbox"]:not([hidden]) [role="option"]');
      await expect
        .poll(() => offered.allTextContents())
        .toEqual(['النور للإطارات512', 'مؤسسة النور للتجارة510', 'ورشة النور511']);
      // ↓ moves to the second suggestion (the first is where Enter starts).
      await page.keyboard.press('ArrowDown');
      // Right to left: the list is, each name stands at the right and its code at the left, in Western digits.
      const layout = await offered.first().evaluate((option) => {
        const [name, code] = [...option.querySelectorAll('bdi')].map((part) => part.getBoundingClientRect());
        return {
          direction: getComputedStyle(option).direction,
          nameRight: name?.right ?? 0,
          codeRight: code?.right ?? 0,
        };
      });
      expect(layout.direction).toBe('rtl');
      expect(layout.nameRight).toBeGreaterThan(layout.codeRight);
      await screenshot(page, `party-picker-${look}`);
      await page.keyboard.press('Enter');
      expect(await field.inputValue()).toBe('مؤسسة النور للتجارة — 510');
      await page.getByTestId('party-balance').waitFor();
      // The desktop's sales screen never reads the whole list of names; the phone's keeps it for selling offline.
      const wholeList = partyReads.filter((url) => !url.searchParams.has('search'));
      expect(wholeList.length).toBe(look.startsWith('phone') ? 1 : 0);
      await page.context().close();
    }
  });
});
