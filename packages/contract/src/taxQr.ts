/**
 * The tax QR of a simplified tax invoice (Saudi e-invoicing, phase 1; docs/vat.md): five TLV fields, tag and length
 * one byte each, the value its UTF-8 bytes, concatenated and Base64-encoded. Lengths count bytes, not letters: an
 * Arabic letter is two bytes. Shared by the receipt and the A4 invoice, and free of Node's Buffer so the web app
 * runs it.
 */
import { TAX_QR_TAG_MAX_BYTES } from './organisation.ts';

export type TaxQrFields = {
  /** Tag 1: the seller's name (the company's Arabic name). */
  sellerName: string;
  /** Tag 2: its VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601 (the date and time printed on it). */
  timestamp: string;
  /** Tag 4: the invoice total with VAT, a decimal string ("130.50"). */
  totalWithVat: string;
  /** Tag 5: the VAT total, a decimal string. */
  vatTotal: string;
};

const encoder = new TextEncoder();

/** A value's UTF-8 bytes cut to what a tag holds, at a letter's boundary (a cut letter would not decode). */
function tagValue(text: string): Uint8Array {
  let value = text;
  let bytes = encoder.encode(value);
  while (bytes.length > TAX_QR_TAG_MAX_BYTES) {
    value = Array.from(value).slice(0, -1).join('');
    bytes = encoder.encode(value);
  }
  return bytes;
}

/** The five fields as TLV bytes, in tag order. */
export function taxQrBytes(fields: TaxQrFields): Uint8Array {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatTotal];
  const parts = values.map((text, index) => {
    const value = tagValue(text);
    const part = new Uint8Array(2 + value.length);
    part[0] = index + 1;
    part[1] = value.length;
    part.set(value, 2);
    return part;
  });
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** What the QR code carries: the TLV bytes in Base64. */
export function taxQrBase64(fields: TaxQrFields): string {
  let binary = '';
  for (const byte of taxQrBytes(fields)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads a tax QR back into its tags (what a phone's ZATCA reader shows); for tests and checks. */
export function decodeTaxQr(base64: string): { tag: number; length: number; value: string }[] {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fields: { tag: number; length: number; value: string }[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const tag = bytes[offset] ?? 0;
    const length = bytes[offset + 1] ?? 0;
    fields.push({ tag, length, value: decoder.decode(bytes.subarray(offset + 2, offset + 2 + length)) });
    offset += 2 + length;
  }
  return fields;
}

/**
 * The time stamp of tag 3 from a document's date and time as printed (`2026-03-10`, `14:05:09`): ISO 8601 local
 * time, `2026-03-10T14:05:09`.
 */
export const taxQrTimestamp = (date: string, time: string) => `${date}T${time.slice(0, 8)}`;
