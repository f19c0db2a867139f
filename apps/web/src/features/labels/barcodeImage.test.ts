/**
 * A scanner reads every label back: each code is drawn with the label's own bwip-js options (rasterised by bwip-js's
 * node drawing, the same encoder the screen's SVG comes from) and decoded with @zxing/library, the reader the camera
 * scan uses (ui/camera/readBarcodes.ts). The e2e test labels.e2e.ts decodes the printed sheet itself.
 */

import { labelBarcodeOf, storeEan13, symbologyOf } from '@mizan/contract';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { toBuffer } from 'bwip-js/node';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { barcodeOptions, barcodeSvg } from './barcodeImage.ts';

/** Decodes a PNG (transparent pixels read as white paper) with ZXing; the text and format it found. */
function decodePng(png: Buffer, tryHarder = true) {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const [r = 0, g = 0, b = 0, a = 255] = image.data.subarray(i * 4, i * 4 + 4);
    const gray = (r * 299 + g * 587 + b * 114) / 1000;
    luminance[i] = Math.round((gray * a + 255 * (255 - a)) / 255);
  }
  const source = new RGBLuminanceSource(luminance, image.width, image.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, tryHarder],
  ]);
  const result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}

const codes = [
  '5901234123457',
  '4006381333931',
  '9780201379624',
  storeEan13('04', 1n),
  storeEan13('0401', 987654n),
  // 13 digits with a wrong check digit: drawn as Code 128, so it reads back as typed.
  '5901234123458',
  '12345678',
  'A1-x/77',
  'ITEM 0042',
];

describe('a label barcode reads back as its code', () => {
  it.each(codes)('%s', async (code) => {
    const symbology = symbologyOf(code);
    expect(symbology).toBeDefined();
    if (!symbology) return;
    for (const scale of [2, 4]) {
      const png = await toBuffer({ ...barcodeOptions({ code, symbology }), scale });
      expect(decodePng(png)).toEqual({ text: code, format: symbology === 'ean13' ? 'EAN_13' : 'CODE_128' });
    }
  });

  it("an item's label prints its item code when it has no barcode, and that reads back", async () => {
    const barcode = labelBarcodeOf({ item_parcode: null, part_no: 'P-100' });
    if (!barcode) throw new Error('no barcode');
    expect(decodePng(await toBuffer({ ...barcodeOptions(barcode), scale: 3 })).text).toBe('P-100');
  });

  it('the screen draws the same symbology as an SVG of its bars and digits', () => {
    const svg = barcodeSvg({ code: '5901234123457', symbology: 'ean13' });
    expect(svg).toMatch(/^<svg viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('stroke="#000000"');
  });
});
