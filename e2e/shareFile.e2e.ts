/**
 * The printed invoice shared as a file (issue 34, part 4; docs/sharing.md), in Chromium. On a phone the share sheet
 * is stubbed in the page (Chromium on Linux has none) to capture what it is given: the PNGs of the 80 and 58 mm
 * receipts and of the A4 invoice, each of its paper's width, whose tax QR a reader decodes back to the invoice's,
 * with the summary as the caption and no link. On a desktop, which cannot share files, the same button downloads
 * the same image. The images are saved in e2e/artifacts to be looked at (the Arabic shaped and right to left, in
 * Noto Kufi Arabic).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { artifactsDir, desktop, phone, postFromPage, readFromPage, screenshot, signIn } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const SELLER = 'مؤسسة ميزان لقطع الغيار';

/** The pixels of a PNG, and its tax QR read as a phone's reader does (ZXing, the camera scan's library). */
function readPng(png: Buffer) {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const [r = 0, g = 0, b = 0, a = 255] = image.data.subarray(i * 4, i * 4 + 4);
    const gray = (r * 299 + g * 587 + b * 114) / 1000;
    luminance[i] = Math.round((gray * a + 255 * (255 - a)) / 255);
  }
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const qr = new MultiFormatReader().decode(
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height))),
    hints,
  );
  // How much of the image is ink: a blank or a cut-off drawing has next to none.
  const dark = luminance.reduce((count, value) => count + (value < 128 ? 1 : 0), 0) / luminance.length;
  return { width: image.width, height: image.height, qr: qr.getText(), dark };
}

/**
 * Where a drawing's lines of ink begin, top to bottom (the first row of each band of rows with ink after a blank
 * one), and how much of it is ink: two drawings of one document agree on both whatever the anti-aliasing.
 */
function inkLines(png: Buffer) {
  const image = PNG.sync.read(png);
  const starts: number[] = [];
  let ink = 0;
  let before = false;
  for (let y = 0; y < image.height; y++) {
    let row = 0;
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      const grey =
        ((image.data[i] ?? 0) * 299 + (image.data[i + 1] ?? 0) * 587 + (image.data[i + 2] ?? 0) * 114) / 1000;
      if (grey < 128) row++;
    }
    if (row > 0 && !before) starts.push(y);
    before = row > 0;
    ink += row;
  }
  return { starts, ink: ink / (image.width * image.height) };
}

/** What the stubbed share sheet was given: the file's name, type and bytes, and the title and text beside it. */
type Shared = { name: string; type: string; base64: string; title: string; text: string; url?: string };

/**
 * A phone's share sheet that takes files, in the page before the app starts: `canShare` says yes to files and
 * `share` keeps what it was given for the test to read (`window.sharedFile`).
 */
const shareSheet = () => {
  const shared = window as unknown as { sharedFile?: unknown };
  Object.defineProperty(Navigator.prototype, 'canShare', {
    configurable: true,
    value: (data?: ShareData) => Boolean(data?.files?.length || data?.text),
  });
  Object.defineProperty(Navigator.prototype, 'share', {
    configurable: true,
    value: async (data: ShareData) => {
      const file = data.files?.[0];
      if (!file) return;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      shared.sharedFile = {
        name: file.name,
        type: file.type,
        base64: btoa(binary),
        title: data.title,
        text: data.text,
        url: data.url,
      };
    },
  });
};

async function sharedFile(page: Page): Promise<Shared> {
  await expect
    .poll(() => page.evaluate(() => Boolean((window as unknown as { sharedFile?: unknown }).sharedFile)), {
      timeout: 30_000,
    })
    .toBe(true);
  return page.evaluate(() => {
    const shared = window as unknown as { sharedFile?: Shared };
    const file = shared.sharedFile as Shared;
    shared.sharedFile = undefined;
    return file;
  });
}

/** A VAT-registered shop's cash sale with a tax QR: 2 × 100 at 15 % and 4 × 12.50 exempt, 280.00 with VAT. */
async function vatSale(page: Page) {
  const company = await postFromPage(page, 'company/update', {
    arName: SELLER,
    engName: 'Mizan Auto Parts',
    phone: '0112345678',
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
    (await postFromPage(page, 'items/create', { item_name, pay_price, perch_price: '1', tax, firstQuantity: '50' }))
      .body.data[0] as { id: number };
  const filter = await item('فلتر زيت تويوتا كامري', '100', '15');
  const plug = await item('شمعة احتراق', '12.50', '0');
  const walkIn = (
    await readFromPage<{ id: number; sub_name: string }[]>(page, 'sub_accounts/readByStore?ac_id=1')
  ).find((a) => a.sub_name === 'عميل نقدي');
  const sale = await postFromPage(page, 'pay/createWithItems', {
    invoice: { cust_id: walkIn?.id, pay_date: '2026-03-10', pay_time: '14:05:09', discount: '0', pay: '280' },
    items: [
      { item_id: filter.id, quantity: '2' },
      { item_id: plug.id, quantity: '4' },
    ],
  });
  expect(sale.status).toBe(200);
  return sale.body.data[0] as { pay_id: number; pay_ref: string };
}

/** 1 mm at the image's 192 dpi (96 CSS pixels per inch, drawn at twice that). */
const px = (mm: number) => (mm / 25.4) * 96 * 2;

describe('the printed invoice shared as an image', () => {
  let sale = { pay_id: 0, pay_ref: '' };
  /** The images the phone shared, by page, to compare with the desktop's downloads. */
  const sharedBytes = new Map<string, Buffer>();

  it('on a phone the 80 and 58 mm receipts and the A4 invoice go to the share sheet as PNGs whose tax QR decodes', async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const context = await running.browser.newContext({ ...phone });
    await context.addInitScript(shareSheet);
    const page = await context.newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL((url) => !url.pathname.includes('login'));
    sale = await vatSale(page);

    for (const [path, artifact, width] of [
      [`pos-reciept?kind=pay&id=${sale.pay_id}&width=80`, 'share-receipt-80mm', px(80)],
      [`pos-reciept?kind=pay&id=${sale.pay_id}&width=58`, 'share-receipt-58mm', px(58)],
      [`print-modal?kind=pay&id=${sale.pay_id}`, 'share-invoice-a4', px(210)],
    ] as const) {
      await page.goto(`${running.server.baseUrl}/${path}`);
      const qr = page.getByTestId('tax-qr');
      await qr.waitFor();
      const expected = (await qr.getAttribute('data-qr')) ?? '';
      const button = page.getByTestId('share-image');
      await expect.poll(() => button.innerText()).toBe('مشاركة كصورة');
      await screenshot(page, `${artifact}-phone-buttons`);
      // The page's own print area (the image's copy, drawn ahead beside it for a moment, has no test id).
      const area = page.getByTestId(path.startsWith('pos') ? 'receipt' : 'invoice-print');
      const drawn = await area.screenshot({ path: join(artifactsDir, `${artifact}-page.png`) });
      await button.click();
      const shared = await sharedFile(page);
      const bytes = Buffer.from(shared.base64, 'base64');
      writeFileSync(join(artifactsDir, `${artifact}.png`), bytes);
      sharedBytes.set(path, bytes);
      expect(shared.type).toBe('image/png');
      expect(shared.name).toBe(
        path.startsWith('pos') ? `${sale.pay_ref}-${path.slice(-2)}mm.png` : `${sale.pay_ref}.png`,
      );
      // The summary rides as the caption; nothing that opens the invoice is sent.
      expect(shared.title).toBe(`فاتورة مبيعات ${sale.pay_ref}`);
      expect(shared.text).toContain('الإجمالي: 280.00 ر.س');
      expect(shared.url).toBeUndefined();
      expect(`${shared.text}${shared.title}`).not.toMatch(/https?:/);
      const image = readPng(bytes);
      // The paper's width at 192 dpi, whatever the phone's screen (390 px); a page's worth of height; ink on it.
      expect(Math.abs(image.width - width)).toBeLessThan(4);
      expect(image.height).toBeGreaterThan(image.width * (path.startsWith('pos') ? 1.2 : 0.5));
      expect(image.dark).toBeGreaterThan(0.01);
      expect(bytes.length).toBeGreaterThan(20_000);
      expect(bytes.length).toBeLessThan(2_000_000);
      // The tax QR in the image reads back as the invoice's (seller, VAT number, time, totals).
      expect(image.qr).toBe(expected);
      // The roll is drawn as the page draws it at the phone's 2 device pixels per CSS pixel (the image's scale): the
      // same lines of text at the same heights (within 4 px at 192 dpi, measured: 1 px, and 4 px for the last line) and
      // as much ink (within 2 %, measured 0.02 %).
      if (path.startsWith('pos')) {
        const [image, onPage] = [inkLines(bytes), inkLines(drawn)];
        expect(image.starts.length).toBe(onPage.starts.length);
        expect(image.starts.every((y, line) => Math.abs(y - (onPage.starts[line] ?? 0)) <= 4)).toBe(true);
        expect(Math.abs(image.ink / onPage.ink - 1)).toBeLessThan(0.02);
      }
      // The page's own print area is untouched and found once (the drawing's copy is gone).
      await expect.poll(() => page.locator('article').count()).toBe(1);
    }
    await context.close();
  });

  it('on a desktop, which cannot share files, the same button downloads the same image', async () => {
    const context = await running.browser.newContext({ ...desktop, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL((url) => !url.pathname.includes('login'));
    expect(await page.evaluate(() => typeof navigator.canShare)).toBe('undefined');
    for (const path of [`pos-reciept?kind=pay&id=${sale.pay_id}&width=80`, `print-modal?kind=pay&id=${sale.pay_id}`]) {
      await page.goto(`${running.server.baseUrl}/${path}`);
      await page.getByTestId('tax-qr').waitFor();
      const button = page.getByTestId('share-image');
      await expect.poll(() => button.innerText()).toBe('تنزيل كصورة');
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      const file = await download.path();
      const bytes = readFileSync(file);
      const shared = sharedBytes.get(path) ?? Buffer.alloc(0);
      expect(download.suggestedFilename()).toMatch(/^SH-S-\d{6}(-80mm)?\.png$/);
      const [got, want] = [readPng(bytes), readPng(shared)];
      expect({ width: got.width, height: got.height, qr: got.qr }).toEqual({
        width: want.width,
        height: want.height,
        qr: want.qr,
      });
      // Byte for byte: the same document drawn the same way, whichever device asks.
      expect(bytes.equals(shared)).toBe(true);
    }
    await context.close();
  });

  it('in the dark theme the image is still the paper: white, dark ink, the QR readable', async () => {
    const context = await running.browser.newContext({ ...phone, colorScheme: 'dark' });
    await context.addInitScript(shareSheet);
    const page = await context.newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL((url) => !url.pathname.includes('login'));
    await page.goto(`${running.server.baseUrl}/print-modal?kind=pay&id=${sale.pay_id}`);
    const expected = (await page.getByTestId('tax-qr').getAttribute('data-qr')) ?? '';
    await page.getByTestId('share-image').click();
    const bytes = Buffer.from((await sharedFile(page)).base64, 'base64');
    writeFileSync(join(artifactsDir, 'share-invoice-a4-dark.png'), bytes);
    const image = PNG.sync.read(bytes);
    const corner = [...image.data.subarray(0, 4)];
    expect(corner).toEqual([255, 255, 255, 255]);
    const { qr, dark } = readPng(bytes);
    expect(qr).toBe(expected);
    // Ink, not a dark page: the light invoice's share of dark pixels, not most of them.
    expect(dark).toBeGreaterThan(0.01);
    expect(dark).toBeLessThan(0.3);
    await context.close();
  });
});
