/**
 * A label's barcode drawn by bwip-js (the Barcode Writer in Pure PostScript's encoders, the field's reference), as
 * SVG: vector bars stay sharp at a label printer's 203 dpi and on a laser's A4 sheet alike, and its digits are drawn
 * as paths, so no font is needed. Only the two encoders a label uses are imported (bwip-js exports each one apart).
 */
import type { LabelBarcode } from '@mizan/contract';
import { code128, drawingSVG, ean13, type RenderOptions } from 'bwip-js/browser';

/**
 * What bwip-js is asked to draw: the code with its digits under the bars. EAN-13 keeps its quiet zones with the
 * guard marks (`guardwhitespace`: the > after the last digit shows where nothing may be printed); Code 128 gets ten
 * modules of white on each side, the quiet zone its standard asks for. Height in millimetres at scale 1.
 */
export function barcodeOptions(barcode: LabelBarcode): RenderOptions {
  const common = { text: barcode.code, includetext: true, scale: 1, height: 10, backgroundcolor: 'FFFFFF' };
  return barcode.symbology === 'ean13'
    ? { ...common, bcid: 'ean13', guardwhitespace: true }
    : { ...common, bcid: 'code128', textxalign: 'center', paddingleft: 10, paddingright: 10 };
}

/** The barcode as an SVG document (its viewBox in bwip-js units, scaled to the label by the page). */
export function barcodeSvg(barcode: LabelBarcode): string {
  const options = barcodeOptions(barcode);
  return barcode.symbology === 'ean13' ? ean13(options, drawingSVG()) : code128(options, drawingSVG());
}
