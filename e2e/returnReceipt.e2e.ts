/**
 * The POS receipt of a sales return (issue 35, findings 7 and 14): it reads as a credit note, names its original
 * invoice and says what goes back to the customer (refunded now, credited to his account), never "remaining on the
 * customer"; it is opened from the return's own screen. A company that is not VAT-registered prints no VAT words
 * and no VAT number. The toast of a sale saved from the POS does not cover the receipt screen's title. Screenshots
 * of the return's receipt: desktop and phone, light and dark (`e2e/artifacts/return-receipt-*`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDir, desktop, phone, postFromPage, readFromPage, screenshot, signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const SELLER = 'مؤسسة ميزان لقطع الغيار';
const VAT_NO = '300123456700003';

const company = (vat_registered: boolean) => ({
  arName: SELLER,
  engName: 'Mizan Auto Parts',
  phone: '0112345678',
  address: 'الرياض - شارع الملك فهد',
  tradNo: '1010123456',
  vatNo: VAT_NO,
  country_code: 'SA',
  currency_code: 'SAR',
  currency_symbol: 'ر.س',
  currency_decimals: 2,
  vat_registered,
  prices_include_vat: false,
});

/** The tags of a tax QR (TLV, Base64). */
function decodeTlv(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const tags: string[] = [];
  for (let i = 0; i < bytes.length; ) {
    const length = bytes[i + 1] ?? 0;
    tags.push(bytes.subarray(i + 2, i + 2 + length).toString('utf8'));
    i += 2 + length;
  }
  return tags;
}

async function open(options: BrowserContextOptions = desktop) {
  const page = await (await running.browser.newContext(options)).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL((url) => !url.pathname.includes('login'));
  return page;
}

/** The receipt's totals as label → figure, and whether every figure sits left of its label (right to left). */
async function totalsOf(page: Page) {
  return page.getByTestId('receipt-totals').evaluate((table) =>
    [...table.querySelectorAll('tr')].map((row) => {
      const label = row.querySelector('th')?.getBoundingClientRect();
      const figure = row.querySelector('td')?.getBoundingClientRect();
      return {
        label: row.querySelector('th')?.textContent ?? '',
        figure: row.querySelector('td')?.textContent ?? '',
        figureLeftOfLabel: !!label && !!figure && figure.right <= label.left + 1,
      };
    }),
  );
}

/** The roll as it prints: a PNG and a PDF of its width (80 mm). */
async function renderRoll(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const receipt = page.getByTestId('receipt');
  const box = await receipt.boundingBox();
  if (!box) throw new Error('the receipt is not drawn');
  await page.pdf({
    path: join(artifactsDir, `${name}.pdf`),
    width: '80mm',
    height: `${Math.ceil(box.height) + 40}px`,
    printBackground: true,
    margin: { top: '0', right: '0', bottom: '0', left: '0' },
  });
  await receipt.screenshot({ path: join(artifactsDir, `${name}.png`) });
  await page.emulateMedia({ media: 'screen' });
}

describe('the receipt of a return, and of a shop without VAT', () => {
  let returnRef = '';
  let returnId = 0;
  let saleRef = '';

  it('a sales return’s receipt is a credit note naming its original and crediting the customer, opened from the return’s screen', async () => {
    const page = await open();
    expect((await postFromPage(page, 'company/update', company(true))).status).toBe(200);
    const item = (
      await postFromPage(page, 'items/create', {
        item_name: 'فلتر زيت تويوتا كامري',
        pay_price: '100',
        perch_price: '60',
        tax: '15',
        firstQuantity: '20',
      })
    ).body.data[0] as { id: number };
    const customer = (
      await postFromPage(page, 'sub_accounts/create', { sub_name: 'ورشة النور', ac_id: 1, cat_id: 1, sub_balance: '0' })
    ).body.data[0] as { id: number };
    // 3 × 100 at 15 %, on credit: 345.00 owed.
    const sale = await postFromPage(page, 'pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', pay_time: '10:00:00', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '3' }],
    });
    expect(sale.status).toBe(200);
    saleRef = sale.body.data[0].pay_ref;
    // One comes back: 100.00 + VAT 15.00 = 115.00, of which 15.00 refunded in cash and 100.00 credited to him.
    const back = await postFromPage(page, 'sales_returns/createWithItems', {
      invoice: {
        original_pay_ref: saleRef,
        return_date: '2026-03-12',
        return_time: '11:30:00',
        return_reason: 'عبوة تالفة',
        pay: '15',
      },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(back.status).toBe(200);
    expect(back.body.data[0]).toMatchObject({ total_with_vat: '115.00', taxTot: '15.00', pay: '15.00' });
    returnRef = back.body.data[0].return_ref;
    returnId = back.body.data[0].return_id;

    // The return's own screen offers its receipt.
    await page.goto(`${running.server.baseUrl}/folder/edit-sales-return?ref=${returnRef}`);
    await page.getByTestId('return-receipt').click();
    await page.waitForURL(/pos-reciept\?kind=sales_returns/);
    expect(page.url()).toContain(`id=${returnId}`);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    await page.getByTestId('tax-qr').waitFor();
    const text = await receipt.innerText();
    for (const expected of ['إشعار دائن', 'مرتجع مبيعات', returnRef, saleRef, 'ورشة النور', VAT_NO, '12/03/2026 11:30'])
      expect(text).toContain(expected);
    for (const sale of ['فاتورة ضريبية مبسطة', 'المتبقي على العميل', 'رقم الفاتورة:', 'الباقي للعميل'])
      expect(text).not.toContain(sale);
    expect(await page.getByTestId('receipt-original').innerText()).toBe(saleRef);
    const totals = await totalsOf(page);
    expect(totals.map(({ label, figure }) => [label, figure])).toEqual([
      ['إجمالي المرتجع', '100.00 ر.س'],
      ['الإجمالي قبل الضريبة', '100.00 ر.س'],
      ['ضريبة القيمة المضافة', '15.00 ر.س'],
      ['إجمالي المرتجع شامل الضريبة', '115.00 ر.س'],
      ['المبلغ المسترد للعميل', '15.00 ر.س'],
      ['يقيد لحساب العميل', '100.00 ر.س'],
    ]);
    expect(totals.every((row) => row.figureLeftOfLabel)).toBe(true);
    // The QR carries the credit note's own total and VAT.
    const qr = decodeTlv((await page.getByTestId('tax-qr').getAttribute('data-qr')) ?? '');
    expect(qr.slice(1)).toEqual([VAT_NO, '2026-03-12T11:30:00', '115.00', '15.00']);
    await renderRoll(page, 'return-receipt-80mm');
    await screenshot(page, 'return-receipt-desktop-light');
    await page.context().close();

    for (const [name, options] of [
      ['return-receipt-desktop-dark', { ...desktop, colorScheme: 'dark' as const }],
      ['return-receipt-phone-light', phone],
      ['return-receipt-phone-dark', { ...phone, colorScheme: 'dark' as const }],
    ] as const) {
      const other = await open(options);
      await other.goto(`${running.server.baseUrl}/pos-reciept?kind=sales_returns&id=${returnId}&width=80`);
      await other.getByTestId('tax-qr').waitFor();
      expect(await other.getByTestId('receipt-original').innerText()).toBe(saleRef);
      expect((await totalsOf(other)).every((row) => row.figureLeftOfLabel)).toBe(true);
      await screenshot(other, name);
      await other.context().close();
    }
  });

  it('a company that is not VAT-registered prints no VAT words and no VAT number, on a sale and a return', async () => {
    const page = await open();
    expect((await postFromPage(page, 'company/update', company(false))).status).toBe(200);
    const walkIn = (
      await readFromPage<{ id: number; sub_name: string }[]>(page, 'sub_accounts/readByStore?ac_id=1')
    ).find((a) => a.sub_name === 'عميل نقدي');
    const item = (
      await postFromPage(page, 'items/create', {
        item_name: 'شمعة احتراق',
        pay_price: '12.50',
        perch_price: '8',
        tax: '15',
        firstQuantity: '20',
      })
    ).body.data[0] as { id: number };
    const sale = await postFromPage(page, 'pay/createWithItems', {
      invoice: { cust_id: walkIn?.id, pay_date: '2026-03-15', discount: '0', pay: '25' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(sale.status).toBe(200);
    expect(sale.body.data[0]).toMatchObject({ taxTot: '0.00', total_with_vat: '25.00' });
    await page.goto(`${running.server.baseUrl}/pos-reciept?kind=pay&id=${sale.body.data[0].pay_id}&width=80`);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    const text = await receipt.innerText();
    expect(text).toContain('إيصال مبيعات');
    for (const vat of ['الضريبة', 'الرقم الضريبي', VAT_NO, 'فاتورة ضريبية']) expect(text).not.toContain(vat);
    expect((await totalsOf(page)).map(({ label }) => label)).toEqual(['الإجمالي', 'الصافي', 'المدفوع']);
    expect(await page.getByTestId('tax-qr').count()).toBe(0);
    await screenshot(page, 'receipt-no-vat-desktop-light');

    // A return of the shop without VAT: a credit note still, without VAT.
    const back = await postFromPage(page, 'sales_returns/createWithItems', {
      invoice: { original_pay_ref: sale.body.data[0].pay_ref, return_date: '2026-03-16', pay: '12.50' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(back.status).toBe(200);
    await page.goto(`${running.server.baseUrl}/pos-reciept?kind=sales_returns&id=${back.body.data[0].return_id}`);
    await page.getByTestId('receipt-original').waitFor();
    const returned = await page.getByTestId('receipt').innerText();
    expect(returned).toContain('مرتجع مبيعات');
    for (const vat of ['الضريبة', 'الرقم الضريبي', VAT_NO]) expect(returned).not.toContain(vat);
    expect((await totalsOf(page)).map(({ label, figure }) => [label, figure])).toEqual([
      ['إجمالي المرتجع', '12.50 ر.س'],
      ['صافي المرتجع', '12.50 ر.س'],
      ['المبلغ المسترد للعميل', '12.50 ر.س'],
    ]);

    // The A4 invoice of the shop without VAT prints no VAT number either.
    await page.goto(`${running.server.baseUrl}/print-modal?kind=pay&id=${sale.body.data[0].pay_id}`);
    const a4 = page.getByTestId('invoice-print');
    await a4.waitFor();
    expect(await a4.innerText()).not.toContain(VAT_NO);
    await page.context().close();
  });

  it('the toast of a sale saved from the POS does not cover the receipt screen’s title', async () => {
    for (const options of [desktop, phone]) {
      const pos = await open(options);
      await pos.goto(`${running.server.baseUrl}/folder/pos-sales`);
      await pos.locator('.pos-tile', { hasText: 'شمعة احتراق' }).click();
      await pos.locator('[data-testid="pos-pay-print"]').click();
      await pos.waitForURL(/pos-reciept/);
      await pos.getByTestId('receipt').waitFor();
      const toast = pos.locator('ion-toast.mizan-toast .toast-wrapper').last();
      await toast.waitFor();
      // Where it comes to rest (it slides in for 400 ms).
      let last = '';
      await expect
        .poll(async () => {
          const now = JSON.stringify(await toast.boundingBox());
          const settled = now === last;
          last = now;
          return settled;
        })
        .toBe(true);
      const toastBox = await toast.boundingBox();
      const titleBox = await pos.locator('ion-header ion-title').last().boundingBox();
      if (!toastBox || !titleBox) throw new Error('no toast or no title');
      expect(toastBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
      await screenshot(pos, options === phone ? 'pos-receipt-toast-phone' : 'pos-receipt-toast-desktop');
      await pos.context().close();
    }
  });
});
