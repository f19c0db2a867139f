/**
 * Barcode labels (issue 34, part 3; docs/labels.md), in Chromium: items picked in item-stock open the labels screen,
 * the item without a barcode is given one of the store's own, an A4 sheet and the 58 × 40 mm label printer are
 * printed to PDF (in e2e/artifacts, to be looked at), every barcode drawn on the page is read back by ZXing (the
 * camera scan's reader), and a purchase's screen opens its labels with one per unit received, whose store barcode
 * the POS finds from the 12 digits a UPC-A scanner sends. Desktop light and dark, and the phone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
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
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

/** Reads a PNG's barcode as a scanner would: ZXing, EAN-13 and Code 128 (the label's two symbologies). */
function decodePng(png: Buffer) {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const [r = 0, g = 0, b = 0, a = 255] = image.data.subarray(i * 4, i * 4 + 4);
    const gray = (r * 299 + g * 587 + b * 114) / 1000;
    luminance[i] = Math.round((gray * a + 255 * (255 - a)) / 255);
  }
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = new MultiFormatReader().decode(
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height))),
    hints,
  );
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}

/** Every barcode of these labels, screenshotted as drawn and decoded: what it reads as, and what it should. */
async function readBack(barcodes: Locator) {
  const read: { expected: string; symbology: string; text: string; format: string }[] = [];
  for (const barcode of await barcodes.all()) {
    const expected = (await barcode.getAttribute('data-code')) ?? '';
    const symbology = (await barcode.getAttribute('data-symbology')) ?? '';
    read.push({ expected, symbology, ...decodePng(await barcode.screenshot()) });
  }
  return read;
}

/** The pages of a PDF Chromium printed, with their sizes in points. */
function pdfPages(file: string) {
  const text = readFileSync(file).toString('latin1');
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  return boxes.map((box) => ({ width: Number(box[1]), height: Number(box[2]) }));
}

async function printToPdf(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.fonts.ready);
  const path = join(artifactsDir, `${name}.pdf`);
  await page.pdf({ path, preferCSSPageSize: true, printBackground: true });
  await page.screenshot({ path: join(artifactsDir, `${name}-print.png`), fullPage: true });
  const pages = pdfPages(path);
  return { pages };
}

const today = () => {
  const at = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
};
const summary = (page: Page) => page.getByTestId('labels-summary').innerText();
const lines = (page: Page) => page.locator('[data-testid="label-lines"] tbody tr');
const mm = (points: number) => Math.round((points / 72) * 25.4);

async function openAs(options = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme, deviceScaleFactor: 2 })).newPage();
  await signIn(page, running.server.baseUrl);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  return page;
}

describe('barcode labels', () => {
  let labelsUrl = '';
  let ids: number[] = [];

  it('item-stock → labels: a barcode given, an A4 sheet and the 58 × 40 label printed, every barcode read back', async () => {
    const page = await openAs();
    // A VAT-registered shop whose prices exclude VAT: the label shows the price the customer pays.
    const company = await postFromPage(page, 'company/update', {
      arName: 'مؤسسة ميزان لقطع الغيار',
      engName: 'Mizan Auto Parts',
      country_code: 'SD',
      vatNo: '300000000000003',
      currency_code: 'SDG',
      currency_symbol: 'ج.س',
      currency_decimals: 2,
      vat_registered: true,
      prices_include_vat: false,
    });
    expect(company.status).toBe(200);
    const items = [
      { item_name: 'ملصق زيت محرك 5W30 تخليقي بالكامل', part_no: 'LBL-1', item_parcode: '5901234123457', tax: '15' },
      { item_name: 'ملصق فلتر هواء', part_no: 'LBL-2', tax: '0' },
      { item_name: 'ملصق شمعة احتراق', tax: '15' },
    ];
    for (const item of items) {
      const created = await postFromPage(page, 'items/create', { ...item, perch_price: '7', pay_price: '10' });
      expect(created.status).toBe(200);
    }
    const found = await readFromPage<{ id: number; item_name: string }[]>(page, 'items/read?search=ملصق');
    ids = items.map((item) => found.find((f) => f.item_name === item.item_name)?.id ?? 0);

    await page.goto(`${running.server.baseUrl}/item-stock`);
    const answered = page.waitForResponse((r) => r.url().includes('items/stockList') && r.url().includes('search'));
    await page.locator('[data-testid="item-search"] input').fill('ملصق');
    await answered;
    const stockRows = page.locator('[data-testid="stock-table"] tbody tr');
    await expect.poll(() => stockRows.count()).toBe(3);
    for (let i = 0; i < 3; i++) await stockRows.nth(i).getByTestId('select-row').check();
    await page.getByTestId('selection-bar').getByTestId('open-labels').click();
    await page.waitForURL(/\/labels\?items=/);
    await expect.poll(() => lines(page).count()).toBe(3);
    // The item with neither barcode nor code cannot be printed yet; the one with a code prints it as Code 128.
    await expect.poll(() => summary(page)).toBe('2 ملصق على 1 صفحة');
    const spark = lines(page).filter({ hasText: 'شمعة' });
    expect(await spark.innerText()).toContain('لا يطبع');

    // Barcodes of the store's own for the two without one: 04 and a running number, check digit right.
    await page.getByTestId('assign-barcodes').click();
    await expect.poll(async () => (await toastShown(page))?.message).toBe('أُعطي 2 صنف باركود المخزن');
    await expect.poll(() => spark.getByTestId('label-line-barcode').innerText()).toMatch(/^04\d{11}$/);
    expect(await page.getByTestId('assign-barcodes').count()).toBe(0);

    // Counts per item: 2, 1 and 3 (typed in Arabic-Indic digits too). The lines keep item-stock's order.
    const line = (name: string) => lines(page).filter({ hasText: name }).getByTestId('label-count');
    await line('زيت').fill('2');
    await line('فلتر').fill('1');
    await line('شمعة').fill('٣');
    await expect.poll(() => summary(page)).toBe('6 ملصق على 1 صفحة');
    const prices = await page.getByTestId('label-preview').getByTestId('label-price').allInnerTexts();
    // 10.00 with 15 % VAT is 11.50 (the oil's two, the spark plug's three); the air filter is exempt: 10.00.
    expect([...prices].sort()).toEqual([...Array(5).fill('11.50 ج.س'), '10.00 ج.س'].sort());
    await screenshot(page, 'labels-desktop-light');

    // What the screen drew reads back: the EAN-13 barcode, the store's own EAN-13s.
    const onScreen = await readBack(page.getByTestId('label-preview').getByTestId('label-barcode'));
    expect(onScreen).toHaveLength(6);
    for (const read of onScreen) {
      expect(read.text).toBe(read.expected);
      expect(read.format).toBe(read.symbology === 'ean13' ? 'EAN_13' : 'CODE_128');
    }
    expect(onScreen[0]?.text).toBe('5901234123457');
    expect(onScreen.map((r) => r.symbology)).toEqual(Array(6).fill('ean13'));

    // The A4 sheet of 24 (70 × 37): one A4 page.
    const a4 = await printToPdf(page, 'labels-a4x24');
    expect(a4.pages.map((p) => [mm(p.width), mm(p.height)])).toEqual([[210, 297]]);
    const printed = await readBack(page.getByTestId('labels-print').getByTestId('label-barcode'));
    expect(printed.map((r) => r.text)).toEqual(printed.map((r) => r.expected));
    await page.emulateMedia({ media: 'screen' });

    // The label printer: one 58 × 40 label a page, six pages.
    await page.getByTestId('layout-roll58x40').click();
    await expect.poll(() => summary(page)).toBe('6 ملصق على 6 صفحة');
    const roll = await printToPdf(page, 'labels-58x40');
    expect(roll.pages.map((p) => [mm(p.width), mm(p.height)])).toEqual(Array(6).fill([58, 40]));
    const rollRead = await readBack(page.getByTestId('labels-print').getByTestId('label-barcode'));
    expect(rollRead.map((r) => r.text)).toEqual(rollRead.map((r) => r.expected));
    await page
      .getByTestId('labels-print')
      .getByTestId('label')
      .first()
      .screenshot({
        path: join(artifactsDir, 'labels-58x40-one.png'),
      });
    await page.emulateMedia({ media: 'screen' });

    // The 65 a sheet: the smallest labels still read back.
    await page.getByTestId('layout-a4x65').click();
    await expect
      .poll(() => page.getByTestId('label-preview').getByTestId('label-page').getAttribute('class'))
      .toContain('a4x65');
    const small = await readBack(page.getByTestId('label-preview').getByTestId('label-barcode'));
    expect(small.map((r) => r.text)).toEqual(small.map((r) => r.expected));
    await screenshot(page, 'labels-desktop-a4x65');
    labelsUrl = page.url();
    await page.context().close();
  });

  it('dark theme and the phone: the labels screen reads right to left, the sheet stays black on white', async () => {
    const dark = await openAs(desktop, 'dark');
    await dark.goto(labelsUrl.replace(/layout=[^&]+/, 'layout=a4x40'));
    await expect.poll(() => summary(dark)).toBe('3 ملصق على 1 صفحة');
    await screenshot(dark, 'labels-desktop-dark');
    const background = await dark
      .getByTestId('label-preview')
      .getByTestId('label')
      .first()
      .evaluate((label) => getComputedStyle(label).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    await dark.context().close();

    const mobile = await openAs(phone);
    await mobile.goto(labelsUrl);
    await expect.poll(() => summary(mobile)).toBe('3 ملصق على 1 صفحة');
    // The whole sheet fits the phone's width (scaled down), nothing of it to scroll to.
    const sheet = await mobile.getByTestId('label-preview').getByTestId('label-page').first().boundingBox();
    expect(sheet?.width ?? 0).toBeLessThanOrEqual(390);
    await screenshot(mobile, 'labels-phone');
    await mobile.context().close();
  });

  it("a purchase's screen opens its labels: one per unit received", async () => {
    const page = await openAs();
    const supplier = (await readFromPage<{ id: number }[]>(page, 'sub_accounts/readByStore?ac_id=2'))[0];
    const bought = await postFromPage(page, 'perch/createWithItems', {
      invoice: { cust_id: supplier?.id, pay_date: today(), discount: '0', pay: '0' },
      items: [
        { item_id: ids[0], quantity: '3', perch_price: '7' },
        { item_id: ids[2], quantity: '2', perch_price: '7' },
      ],
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const payId = bought.body.data[0].pay_id as number;
    await page.goto(`${running.server.baseUrl}/folder/edit-perch?id=${payId}`);
    await page.getByTestId('open-labels').click();
    await page.waitForURL(/\/labels\?perch=/);
    await expect.poll(() => summary(page)).toBe('5 ملصق على 1 صفحة');
    expect(
      await lines(page)
        .getByTestId('label-count')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['3', '2']);
    const read = await readBack(page.getByTestId('label-preview').getByTestId('label-barcode'));
    expect(read.map((r) => r.text)).toEqual(read.map((r) => r.expected));
    await screenshot(page, 'labels-after-purchase');

    // At the counter, a scanner that sends the store's own 04… as its 12-digit UPC-A still finds the item.
    const sparkBarcode = (await readFromPage<{ item_parcode: string }[]>(page, `items/readByIds?ids=${ids[2]}`))[0];
    expect(sparkBarcode?.item_parcode).toMatch(/^04\d{11}$/);
    await page.goto(`${running.server.baseUrl}/folder/pos-sales`);
    await page.locator('[data-testid="pos-scan"]').waitFor();
    await page.keyboard.type(sparkBarcode?.item_parcode.slice(1) ?? '', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="pos-line"]').count()).toBe(1);
    expect(await page.locator('[data-testid="pos-line"]').innerText()).toContain('شمعة');
    await page.context().close();
  });
});
