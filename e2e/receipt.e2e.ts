/**
 * The POS receipt (pos-reciept) and the tax QR, rendered by Chromium: 80 mm and 58 mm to PDF and PNG (in
 * e2e/artifacts, to be looked at), the QR's TLV read back from the page, and the A4 invoice carrying the same QR.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  artifactsDir,
  desktop,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
  toastShown,
  typeInto,
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const SELLER = 'مؤسسة ميزان لقطع الغيار';

/** The tags of a tax QR (TLV, Base64), read back as a phone's reader does. */
function decodeTlv(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const tags: { tag: number; length: number; value: string }[] = [];
  for (let i = 0; i < bytes.length; ) {
    const tag = bytes[i] ?? 0;
    const length = bytes[i + 1] ?? 0;
    tags.push({ tag, length, value: bytes.subarray(i + 2, i + 2 + length).toString('utf8') });
    i += 2 + length;
  }
  return tags;
}

/** The receipt as it prints: print media, a PDF of the roll's width and its height, and a PNG of the same. */
async function renderRoll(page: Page, width: '80' | '58') {
  mkdirSync(artifactsDir, { recursive: true });
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const receipt = page.getByTestId('receipt');
  const box = await receipt.boundingBox();
  if (!box) throw new Error('the receipt is not drawn');
  await page.pdf({
    path: join(artifactsDir, `receipt-${width}mm.pdf`),
    width: `${width}mm`,
    height: `${Math.ceil(box.height) + 40}px`,
    printBackground: true,
    margin: { top: '0', right: '0', bottom: '0', left: '0' },
  });
  await receipt.screenshot({ path: join(artifactsDir, `receipt-${width}mm.png`) });
  await page.emulateMedia({ media: 'screen' });
  return box;
}

describe('the POS receipt and the tax QR', () => {
  /** The sale the first test prints, shown again on the phone. */
  let saleId = 0;
  it('a VAT-registered shop’s cash sale prints a simplified tax invoice at 80 and 58 mm with a QR that decodes', async () => {
    const page = await (await running.browser.newContext({ ...desktop, deviceScaleFactor: 2 })).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL(/folder\/sales|analytics-dashboard/);
    const company = await postFromPage(page, 'company/update', {
      arName: SELLER,
      engName: 'Mizan Auto Parts',
      phone: '0112345678',
      phone2: '0550000000',
      address: 'الرياض - شارع الملك فهد',
      tradNo: '1010123456',
      vatNo: '300123456700003',
      country_code: 'SA',
      currency_code: 'SAR',
      currency_symbol: 'ر.س',
      currency_decimals: 2,
      vat_registered: true,
      prices_include_vat: false,
    });
    expect(company.status).toBe(200);
    const item = async (item_name: string, pay_price: string, tax: string) =>
      (
        await postFromPage(page, 'items/create', {
          item_name,
          pay_price,
          perch_price: '1',
          tax,
          firstQuantity: '50',
        })
      ).body.data[0] as { id: number };
    const filter = await item('فلتر زيت تويوتا كامري', '100', '15');
    const plug = await item('شمعة احتراق', '12.50', '0');
    const walkIn = (
      await readFromPage<{ id: number; sub_name: string }[]>(page, 'sub_accounts/readByStore?ac_id=1')
    ).find((a) => a.sub_name === 'عميل نقدي');
    // 2 × 100 at 15 % and 4 × 12.50 exempt: 250.00, VAT 30.00, 280.00 with VAT, paid in full.
    const sale = await postFromPage(page, 'pay/createWithItems', {
      invoice: { cust_id: walkIn?.id, pay_date: '2026-03-10', pay_time: '14:05:09', discount: '0', pay: '280' },
      items: [
        { item_id: filter.id, quantity: '2' },
        { item_id: plug.id, quantity: '4' },
      ],
    });
    expect(sale.status).toBe(200);
    const doc = sale.body.data[0] as { pay_id: number; pay_ref: string; taxTot: string; total_with_vat: string };
    expect([doc.taxTot, doc.total_with_vat]).toEqual(['30.00', '280.00']);

    for (const width of ['80', '58'] as const) {
      await page.goto(`${running.server.baseUrl}/pos-reciept?kind=pay&id=${doc.pay_id}&width=${width}&received=300`);
      const receipt = page.getByTestId('receipt');
      await receipt.waitFor();
      await page.getByTestId('tax-qr').waitFor();
      const text = await receipt.innerText();
      for (const expected of [
        SELLER,
        'Mizan Auto Parts',
        'فاتورة ضريبية مبسطة',
        '300123456700003',
        '1010123456',
        doc.pay_ref,
        '10/03/2026 14:05',
        'فلتر زيت تويوتا كامري',
        'ضريبة القيمة المضافة',
        '30.00',
        '280.00',
        '300.00', // received
        '20.00', // change
      ])
        expect(text).toContain(expected);
      const qr = await page.getByTestId('tax-qr').getAttribute('data-qr');
      expect(decodeTlv(qr ?? '')).toEqual([
        { tag: 1, length: Buffer.byteLength(SELLER), value: SELLER },
        { tag: 2, length: 15, value: '300123456700003' },
        { tag: 3, length: 19, value: '2026-03-10T14:05:09' },
        { tag: 4, length: 6, value: '280.00' },
        { tag: 5, length: 5, value: '30.00' },
      ]);
      // The QR image is drawn (an SVG as an image) and is square.
      const image = await page.getByTestId('tax-qr').boundingBox();
      expect(image && Math.round(image.width) === Math.round(image.height) && image.width > 80).toBe(true);
      const box = await renderRoll(page, width);
      // The roll is its own width (at 96 px per inch), not the A4 invoice squeezed.
      expect(Math.abs(box.width - (Number(width) / 25.4) * 96)).toBeLessThan(2);
    }

    // The A4 invoice carries the same QR.
    await page.goto(`${running.server.baseUrl}/print-modal?kind=pay&id=${doc.pay_id}`);
    await page.getByTestId('invoice-print').waitFor();
    await page.getByTestId('tax-qr').waitFor();
    const a4Qr = await page.getByTestId('tax-qr').getAttribute('data-qr');
    expect(decodeTlv(a4Qr ?? '')[3]?.value).toBe('280.00');
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: join(artifactsDir, 'invoice-a4-vat.pdf'), format: 'A4', printBackground: true });
    await page.getByTestId('invoice-print').screenshot({ path: join(artifactsDir, 'invoice-a4-vat.png') });
    await page.emulateMedia({ media: 'screen' });

    // The VAT report under الحسابات: the sale's 30.00 of output VAT, its document behind it.
    await page.goto(`${running.server.baseUrl}/reports/vat`);
    await expect.poll(() => page.getByTestId('vat-output').innerText()).toBe('30.00');
    expect(await page.getByTestId('vat-net').innerText()).toBe('30.00');
    await expect.poll(() => page.getByTestId('vat-documents').innerText()).toContain(doc.pay_ref);
    await screenshot(page, 'vat-report-desktop');
    // The company settings: the VAT switches and the seller name's bytes in the QR's tag.
    await page.goto(`${running.server.baseUrl}/folder/settings`);
    await expect
      .poll(() => page.getByTestId('seller-name-bytes').innerText())
      .toContain(`${Buffer.byteLength(SELLER)} من 255`);
    await screenshot(page, 'settings-vat-desktop');
    await page.context().close();
    saleId = doc.pay_id;
  });

  it('the keyboard sales screen shows the VAT and a walk-in sale pays the total with it', async () => {
    const page = await (await running.browser.newContext(desktop)).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL(/folder\/sales|analytics-dashboard/);
    const created = await postFromPage(page, 'items/create', {
      item_name: 'بطارية 70 أمبير',
      item_parcode: '6290000000999',
      pay_price: '100',
      perch_price: '60',
      tax: '15',
      firstQuantity: '5',
    });
    expect(created.status).toBe(200);
    // The administrator lands on the dashboard: the sales screen is opened (read afresh, with the new item).
    await page.goto(`${running.server.baseUrl}/folder/sales`);
    await typeInto(page, 'item_search', '6290000000999');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('taxTot').textContent()).toBe('15.00');
    expect(await page.getByTestId('total_with_vat').textContent()).toBe('115.00');
    await screenshot(page, 'sales-vat-desktop');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-S-\d{6}/);
    const ref = ((await toastShown(page))?.message ?? '').split(' ').pop() ?? '';
    const sales = await readFromPage<{ pay_ref: string; taxTot: string; pay: string; changee: string }[]>(
      page,
      'pay/getTopSales?store_id=1',
    );
    expect(sales.find((sale) => sale.pay_ref === ref)).toMatchObject({
      taxTot: '15.00',
      pay: '115.00',
      changee: '0.00',
    });
    await page.context().close();
  });

  it('the VAT report and the receipt on a dark phone', async () => {
    const dark = await (await running.browser.newContext({ ...phone, colorScheme: 'dark' })).newPage();
    await signIn(dark, running.server.baseUrl);
    await dark.waitForURL((url) => !url.pathname.includes('login'));
    await dark.goto(`${running.server.baseUrl}/reports/vat`);
    // The receipt's sale (30.00) and the keyboard screen's (15.00).
    await expect.poll(() => dark.getByTestId('vat-output').innerText()).toBe('45.00');
    await screenshot(dark, 'vat-report-phone-dark');
    await dark.goto(`${running.server.baseUrl}/pos-reciept?kind=pay&id=${saleId}&width=58`);
    await dark.getByTestId('tax-qr').waitFor();
    await screenshot(dark, 'receipt-phone-dark');
    await dark.context().close();
  });

  it('a credit sale is shared on WhatsApp to the customer’s phone with its summary, never a link to it', async () => {
    const page = await (await running.browser.newContext({ ...phone })).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL((url) => !url.pathname.includes('login'));
    const customer = await postFromPage(page, 'sub_accounts/create', {
      sub_name: 'مؤسسة النيل للتجارة',
      ac_id: 1,
      cat_id: 1,
      sub_balance: '0',
      phone: '0912 345 678',
    });
    expect(customer.status).toBe(200);
    const [item] = await readFromPage<{ id: number }[]>(page, `items/read?search=${encodeURIComponent('شمعة احتراق')}`);
    const sale = await postFromPage(page, 'pay/createWithItems', {
      invoice: { cust_id: customer.body.data[0].id, pay_date: '2026-03-11', discount: '0', pay: '20' },
      items: [{ item_id: item?.id, quantity: '4' }],
    });
    expect(sale.status).toBe(200);
    const doc = sale.body.data[0] as { pay_id: number; pay_ref: string };
    for (const path of ['pos-reciept', 'print-modal']) {
      await page.goto(`${running.server.baseUrl}/${path}?kind=pay&id=${doc.pay_id}`);
      const link = page.getByTestId('share-whatsapp');
      // A number typed the local way takes the company's country (this file's shop is in Saudi Arabia: 966).
      await expect.poll(async () => (await link.getAttribute('href')) ?? '').toContain('https://wa.me/966912345678?');
      const text = decodeURIComponent(((await link.getAttribute('href')) ?? '').split('?text=')[1] ?? '');
      // 4 × 12.50 = 50.00 exempt, 20.00 paid: 30.00 still owed.
      expect(text.split('\n')).toEqual([
        `فاتورة مبيعات ${doc.pay_ref}`,
        'التاريخ: 11/03/2026',
        'العميل: مؤسسة النيل للتجارة',
        'الإجمالي: 50.00 ر.س',
        'المتبقي: 30.00 ر.س',
        SELLER,
      ]);
      expect(text).not.toMatch(/https?:/);
    }
    await screenshot(page, 'print-share-phone-light');
    await page.context().close();
  });
});
