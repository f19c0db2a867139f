import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  artifactsDir,
  createItem,
  desktop,
  holdRequests,
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

describe('the sales invoice', () => {
  it('a cashier enters a 3-line invoice with a 10 % discount and a partial payment by keyboard, prints it, finds it and edits it', async () => {
    const page = await openSignedIn(running);
    for (const item of [
      { item_name: 'زيت فرامل', part_no: 'BRK-1', perch_price: '1200', pay_price: '1500.50', firstQuantity: '10' },
      {
        item_name: 'سلك كهرباء',
        part_no: 'WIR-1',
        item_parcode: '6290000000011',
        perch_price: '150',
        pay_price: '200',
        firstQuantity: '20',
      },
      { item_name: 'صامولة عجلة', part_no: 'NUT-1', perch_price: '20', pay_price: '33.33', firstQuantity: '50' },
    ]) {
      expect(await createItem(page, item)).toBe(200);
    }
    // A partial payment: a customer who buys on credit (the walk-in customer pays in full).
    expect(
      (
        await postFromPage(page, 'sub_accounts/create', {
          sub_name: 'ورشة السلام',
          ac_id: 1,
          cat_id: 1,
          sub_code: '160',
          sub_balance: '0',
        })
      ).status,
    ).toBe(200);
    await page.reload();

    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('عميل نقدي — 101');
    // As a cashier finds him: part of his name, then his name among the server's suggestions.
    await typeInto(page, 'customer', 'سلام');
    await page.locator('[role="option"]', { hasText: 'ورشة السلام' }).click();
    expect(await page.locator('input[name="customer"]').inputValue()).toBe('ورشة السلام — 160');
    await page.getByTestId('party-balance').waitFor();

    // Line 1: a name, ↓ Enter picks it, quantity 2, Enter, Enter keeps the price and adds the line.
    await typeInto(page, 'item_search', 'زيت فرامل');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('picked-stock').textContent()).toContain('10');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // Line 2: a barcode scanner types the code and Enter: the item is added with quantity 1; 1.5 is typed in the row.
    // The scanner's Enter comes right after the code, before any list is shown.
    await typeInto(page, 'item_search', '6290000000011');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(2);
    await page.locator('[data-testid="invoice-lines"] tbody tr').nth(1).locator('input').first().fill('1.5');
    // Line 3: a code, then quantity 3.
    await typeInto(page, 'item_search', 'NUT-');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('3,400.99');

    await typeInto(page, 'discount_percent', '10');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('340.10');
    await typeInto(page, 'pay', '2000');
    await expect.poll(() => page.getByTestId('changee').textContent()).toBe('1,060.89');
    await screenshot(page, 'sales-desktop-light');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/تم حفظ الفاتورة SH-S-\d{6}/);
    const ref = ((await toastShown(page))?.message ?? '').split(' ').pop() ?? '';

    await page.locator('.question button', { hasText: 'نعم' }).click();
    await page.waitForURL(/print-modal/);
    const totals = page.getByTestId('print-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toContain('3,400.99');
    expect(await totals.textContent()).toContain('1,060.89');
    expect(await page.getByTestId('invoice-print').textContent()).toContain('شركة ميزان التجارية');
    await screenshot(page, 'print-a4-desktop');
    // "Save as PDF" through the print CSS: the artifact shows the shaped Arabic on paper.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ path: join(artifactsDir, 'invoice.pdf'), format: 'A4', printBackground: true });
    expect(pdf.byteLength).toBeGreaterThan(10_000);
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref });
    await row.waitFor();
    expect(await page.getByTestId('record-totals').textContent()).toContain('3,060.89');
    await screenshot(page, 'sales-record-desktop-light');

    await row.locator('ion-button', { hasText: 'تعديل' }).click();
    await page.waitForURL(/edit-sales/);
    const firstQuantity = page.locator('[data-testid="invoice-lines"] tbody tr').first().locator('input').first();
    await expect.poll(() => firstQuantity.inputValue()).toBe('2');
    await firstQuantity.fill('3');
    // The discount (an amount once saved) stays; the remainder follows the new total.
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('4,901.49');
    await page.getByTestId('save-invoice').click();
    await page.locator('.question button', { hasText: 'لا' }).click();
    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    await page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref }).waitFor();
    await expect.poll(() => page.getByTestId('record-totals').textContent()).toContain('4,901.49');
    await page.context().close();
  });

  it('selling more than the stock is refused with the list of short items', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'فلتر نادر',
        part_no: 'RARE-1',
        perch_price: '10',
        pay_price: '15',
        firstQuantity: '1',
      }),
    ).toBe(200);
    await typeInto(page, 'customer', 'عميل نقدي — 101');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'item_search', 'فلتر نادر');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByTestId('save-invoice').click();
    const alert = page.locator('ion-alert.shortage-alert');
    await alert.waitFor({ state: 'attached' });
    expect(await alert.textContent()).toContain('فلتر نادر: المطلوب 5.000، المتوفر 1.000، النقص 4.000');
    await page.context().close();
  });

  it('a purchase invoice raises the stock shown in the item picker, and warns when cost reaches the selling price', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'حزام مروحة',
        part_no: 'BELT-1',
        perch_price: '40',
        pay_price: '55',
        firstQuantity: '2',
      }),
    ).toBe(200);
    await page.goto(`${running.server.baseUrl}/folder/purchase`);
    await typeInto(page, 'customer', 'شركة الخليج للاسبيرات — 201');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'item_search', 'BELT-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(1);
    const line = page.locator('[data-testid="invoice-lines"] tbody tr').first();
    expect(await line.locator('input').nth(1).inputValue()).toBe('40.00');
    await line.locator('input').first().fill('10');
    await typeInto(page, 'item_search', 'حزام مروحة');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await typeInto(page, 'price', '60');
    await expect.poll(() => page.getByText('سعر الشراء اعلي من سعر البيع').count()).toBe(1);
    await screenshot(page, 'purchase-desktop-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('save-invoice').click();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-P-\d{6}/);
    await page.locator('.question button', { hasText: 'لا' }).click();

    await page.goto(`${running.server.baseUrl}/folder/sales`);
    await typeInto(page, 'item_search', 'حزام مروحة');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('picked-stock').textContent()).toContain('12');
    await page.goto(`${running.server.baseUrl}/folder/purchase-record`);
    await page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'شركة الخليج للاسبيرات' }).waitFor();
    await page.context().close();
  });

  it('an invoice with a next payment date and a remainder appears in the polled payment-due notifications', async () => {
    const page = await openSignedIn(running);
    const before = await page.evaluate(async () => {
      const count = async (kind: string) =>
        (await fetch(`/api/${kind}/paynotif?store_id=1`).then((r) => r.json())).data.length;
      return (await count('pay')) + (await count('perch'));
    });
    const saved = await page.evaluate(async () => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '';
      const post = (path: string, body: object) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const customer = (await fetch('/api/sub_accounts/readByStore?ac_id=1').then((r) => r.json())).data.find(
        (a: { sub_name: string }) => a.sub_name === 'ورشة النيل',
      );
      const item = (
        await post('/api/items/create', {
          item_name: 'بطارية آجلة',
          perch_price: '10',
          pay_price: '20',
          firstQuantity: '5',
        })
      ).data[0];
      const invoice = { cust_id: customer.id, pay_date: '2026-11-22', nextPay: '2026-12-15', pay: '5' };
      return (await post('/api/pay/createWithItems', { invoice, items: [{ item_id: item.id, quantity: '1' }] })).data[0]
        .pay_ref;
    });
    // The menu polls every 10 s: the badge follows without a reload.
    await expect
      .poll(async () => Number(await page.getByTestId('due-count').textContent()), { timeout: 15_000 })
      .toBe(before + 1);
    await page.goto(`${running.server.baseUrl}/folder/notifications`);
    const row = page.locator('[data-testid="due-customers"] ion-item', { hasText: 'ورشة النيل' });
    await row.waitFor();
    // Dates read one way everywhere: day first.
    expect(await row.textContent()).toContain('15/12/2026');
    await row.locator('ion-button').click();
    await page.waitForURL(/edit-sales/);
    await expect.poll(() => page.locator('ion-title', { hasText: saved }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('a value-only sales invoice changes the balance without lines, and is found and edited in its record', async () => {
    const page = await openSignedIn(running);
    await page.goto(`${running.server.baseUrl}/folder/salessnd`);
    await typeInto(page, 'customer', 'محمد عثمان للتجارة — 102');
    // The label typed whole is chosen once the server's search answers: the party's balance shows then.
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'tot_pr', '250');
    await typeInto(page, 'pay', '50');
    await expect.poll(() => page.getByTestId('changee').textContent()).toBe('200.00');
    // Enter moves on; Ctrl+S saves.
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-S-\d{6}/);
    await page.goto(`${running.server.baseUrl}/folder/salessndrecord`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'محمد عثمان للتجارة' });
    await row.waitFor();
    await row.locator('ion-button', { hasText: 'تعديل' }).click();
    await page.waitForURL(/editsalessnd/);
    await expect.poll(() => page.locator('input[name="tot_pr"]').inputValue()).toBe('250.00');
    await typeInto(page, 'tot_pr', '300');
    await page.getByTestId('save-invoice').click();
    await page.waitForURL(/salessndrecord/);
    await expect.poll(() => page.getByTestId('record-totals').textContent()).toContain('300.00');
    // Deleted from its edit screen, it leaves the record.
    await page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'محمد عثمان للتجارة' }).waitFor();
    await page
      .locator('[data-testid="sales-record"] tbody tr', { hasText: 'محمد عثمان للتجارة' })
      .locator('ion-button', { hasText: 'تعديل' })
      .click();
    await page.waitForURL(/editsalessnd/);
    await expect.poll(() => page.locator('input[name="tot_pr"]').inputValue()).toBe('300.00');
    await page.getByTestId('delete-invoice').click();
    await page.locator('ion-alert button', { hasText: 'موافق' }).click();
    await page.waitForURL(/salessndrecord/);
    await expect
      .poll(() => page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'محمد عثمان للتجارة' }).count())
      .toBe(0);
    await page.context().close();
  });

  it("a customer typed whole and saved at once, before his search answers, is the invoice's customer", async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'فلتر هواء',
        part_no: 'AIR-9',
        perch_price: '30',
        pay_price: '45',
        firstQuantity: '5',
      }),
    ).toBe(200);
    await page.goto(`${running.server.baseUrl}/folder/sales`);
    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('عميل نقدي — 101');
    await typeInto(page, 'item_search', 'AIR-9');
    await page.keyboard.press('Enter');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    // A slow network: the party's search answers only after Ctrl+S was pressed.
    const sale = await holdRequests(page, '**/api/sub_accounts/partyNames*');
    await typeInto(page, 'customer', 'محمد عثمان للتجارة — 102');
    await page.keyboard.press('Control+s');
    await sale.asked;
    sale.release();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-S-\d{6}/);
    const ref = ((await toastShown(page))?.message ?? '').match(/SH-S-\d{6}/)?.[0] ?? '';
    await page.locator('.question button', { hasText: 'لا' }).click();
    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: ref });
    await row.waitFor();
    expect(await row.textContent()).toContain('محمد عثمان للتجارة');

    // The same on the value-only invoice (a form of its own), by the customer's code alone.
    await page.goto(`${running.server.baseUrl}/folder/salessnd`);
    await page.locator('input[name="customer"]').waitFor();
    const valueOnly = await holdRequests(page, '**/api/sub_accounts/partyNames*');
    await typeInto(page, 'tot_pr', '80');
    await typeInto(page, 'customer', '١٠٢');
    await page.keyboard.press('Control+s');
    await valueOnly.asked;
    valueOnly.release();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-S-\d{6}/);
    const valueRef = ((await toastShown(page))?.message ?? '').match(/SH-S-\d{6}/)?.[0] ?? '';
    await page.goto(`${running.server.baseUrl}/folder/salessndrecord`);
    const valueRow = page.locator('[data-testid="sales-record"] tbody tr', { hasText: valueRef });
    await valueRow.waitFor();
    expect(await valueRow.textContent()).toContain('محمد عثمان للتجارة');
    await page.context().close();
  });

  it('a purchase order changes no stock, prints in Arabic or English, and converts to a purchase invoice', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'كمبروسر مكيف',
        part_no: 'CMP-1',
        perch_price: '900',
        pay_price: '1200',
        firstQuantity: '1',
      }),
    ).toBe(200);
    await page.goto(`${running.server.baseUrl}/folder/prch-order`);
    await typeInto(page, 'customer', 'شركة الخليج للاسبيرات — 201');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'item_search', 'CMP-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(1);
    await page.locator('[data-testid="invoice-lines"] tbody tr').first().locator('input').first().fill('6');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('5,400.00');
    expect(await page.locator('input[name="pay"]').count()).toBe(0);
    await page.getByTestId('save-invoice').click();
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-O-\d{6}/);
    await page.locator('.question button', { hasText: 'نعم' }).click();
    await page.getByTestId('invoice-print').waitFor();
    expect(await page.getByTestId('invoice-print').textContent()).toContain('امر شراء');
    await page.getByTestId('print-language').click();
    await expect.poll(() => page.getByTestId('invoice-print').textContent()).toContain('Purchase Order');
    await screenshot(page, 'purchase-order-print-en');

    await page.goto(`${running.server.baseUrl}/folder/prch-order-record`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'شركة الخليج للاسبيرات' });
    await row.waitFor();
    await row.locator('ion-button', { hasText: 'تعديل' }).click();
    await page.getByTestId('convert-order').click();
    await page.waitForURL(/edit-perch/);
    await page.goto(`${running.server.baseUrl}/folder/sales`);
    await typeInto(page, 'item_search', 'كمبروسر مكيف');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('picked-stock').textContent()).toContain('7');
    await page.context().close();
  });

  it('a sale in the record is copied as a new purchase invoice with its lines at purchase prices', async () => {
    const page = await openSignedIn(running);
    await page.goto(`${running.server.baseUrl}/folder/sales-record`);
    const row = page.locator('[data-testid="sales-record"] tbody tr', { hasText: 'SH-S-000001' });
    await row.waitFor();
    // The copies wait under "more" (the record fits the window).
    await row.getByTestId('row-more').click();
    await page.locator('ion-popover ion-button', { hasText: 'نسخ كفاتورة مشتريات' }).click();
    await page.waitForURL(/folder\/purchase\?copy=/);
    await expect.poll(() => page.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(3);
    // Purchase prices, not the selling prices of the sale.
    expect(
      await page.locator('[data-testid="invoice-lines"] tbody tr').first().locator('input').nth(1).inputValue(),
    ).toBe('1200.00');
    await page.context().close();
  });

  it('a price typed on a line can be kept on the item', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'مساحة زجاج',
        part_no: 'WIP-1',
        perch_price: '30',
        pay_price: '45',
        firstQuantity: '10',
      }),
    ).toBe(200);
    await typeInto(page, 'item_search', 'مساحة زجاج');
    await page.locator('.item-results button').first().waitFor();
    await page.keyboard.press('Enter');
    // Enter in the quantity adds the line (the next item comes next); Tab reaches the price.
    await page.keyboard.press('Tab');
    await page.keyboard.type('47.5');
    await page.keyboard.press('Enter');
    await page.locator('ion-alert button', { hasText: 'نعم' }).click();
    await expect.poll(async () => (await toastShown(page))?.message).toBe('تم حفظ السعر في بيانات الصنف');
    const price = await page.evaluate(async () => {
      const list = (await fetch('/api/items/read?search=WIP-1').then((r) => r.json())).data;
      return list[0].pay_price;
    });
    expect(price).toBe('47.50');
    await page.context().close();
  });

  it('back from a printed invoice, a long sales record is where it was scrolled', async () => {
    const page = await openSignedIn(running, { ...desktop, viewport: { width: 1366, height: 520 } });
    expect(
      await createItem(page, {
        item_name: 'ورق تغليف',
        part_no: 'WRP-1',
        perch_price: '2',
        pay_price: '3',
        firstQuantity: '100',
      }),
    ).toBe(200);
    const [item] = await readFromPage<{ id: number }[]>(page, 'items/searchStock?store_id=1&search=WRP-1');
    const parties = await readFromPage<{ id: number; sub_name: string }[]>(
      page,
      'sub_accounts/getAllCustomerSupplier?store_id=1',
    );
    const found = { itemId: item?.id, walkInId: parties.find((p) => p.sub_name === 'عميل نقدي')?.id };
    for (let sale = 0; sale < 14; sale++) {
      const saved = await postFromPage(page, 'pay/createWithItems', {
        invoice: { cust_id: found.walkInId, pay_date: '2026-06-15', discount: '0', pay: '3' },
        items: [{ item_id: found.itemId, quantity: '1', pay_price: '3' }],
      });
      expect(saved.status).toBe(200);
    }
    // On a desktop the record's table scrolls in its own box; on a phone (cards) the page's content does.
    const tableBox = (shown: Page) => shown.locator('.table-scroll').evaluate((box) => Math.round(box.scrollTop));
    const content = (shown: Page) =>
      shown.evaluate(async () => {
        const element = document.querySelector('#main ion-content') as HTMLElement & {
          getScrollElement(): Promise<HTMLElement>;
        };
        return Math.round((await element.getScrollElement()).scrollTop);
      });
    const phoneView = await page.context().browser()?.newContext(phone);
    const phonePage = await phoneView?.newPage();
    if (!phonePage) throw new Error('no phone page');
    await signIn(phonePage, running.server.baseUrl);
    // The administrator lands on the dashboard; the record is opened below.
    await phonePage.waitForURL((url) => !url.pathname.includes('login'));
    for (const [shown, scrollTop] of [
      [page, tableBox],
      [phonePage, content],
    ] as const) {
      const rows = shown.locator('[data-testid="sales-record"] tbody tr');
      await shown.goto(`${running.server.baseUrl}/folder/sales-record`);
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(14);
      const row = rows.nth(10);
      await row.scrollIntoViewIfNeeded();
      const scrolled = await scrollTop(shown);
      expect(scrolled).toBeGreaterThan(100);
      await row.getByRole('button', { name: 'طباعة' }).click();
      await shown.waitForURL('**/print-modal?**');
      await shown.goBack();
      await shown.waitForURL('**/folder/sales-record');
      await expect.poll(() => scrollTop(shown)).toBe(scrolled);
    }
    await phoneView?.close();
    await page.context().close();
  });
});
