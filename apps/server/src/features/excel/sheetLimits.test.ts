import { describe, expect, it } from 'vitest';
import { checkPackedSheet, MAX_SHEET_BYTES, MAX_UNPACKED_BYTES, sheetRefusals } from './sheetLimits.ts';
import { writeSheet } from './sheetValues.ts';

const refusal = (message: string) => ({ ok: false, code: 'VALIDATION_FAILED', fields: { file: message } });

/** The zip with its central directory's unpacked size of every entry set to `size`. */
function claiming(bytes: Buffer, size: number) {
  const copy = Buffer.from(bytes);
  for (let at = 0; at + 46 <= copy.length; at++) {
    if (copy.readUInt32LE(at) === 0x02014b50) copy.writeUInt32LE(size, at + 24);
  }
  return copy;
}

describe('the cheap checks of an uploaded .xlsx, before anything is unpacked', () => {
  it('a sheet within the bounds passes with the unpacked size its directory states', async () => {
    const sheet = await writeSheet('S', ['a'], [['x']]);
    const checked = checkPackedSheet(sheet);
    expect(checked.ok && checked.value.unpackedBytes).toBeGreaterThan(sheet.length);
  });

  it('refuses what is not a zip, a file over the size bound, and entries that would unpack past the bound', async () => {
    const sheet = await writeSheet('S', ['a'], [['x']]);
    expect(checkPackedSheet(Buffer.from('not a zip at all, just text'))).toEqual(refusal(sheetRefusals.notASheet));
    expect(checkPackedSheet(Buffer.alloc(MAX_SHEET_BYTES + 1))).toEqual(refusal(sheetRefusals.tooLarge));
    expect(checkPackedSheet(claiming(sheet, MAX_UNPACKED_BYTES))).toEqual(refusal(sheetRefusals.unpackedTooLarge));
    // A zip64 size (past 4 GB) is never a sheet within the bounds.
    expect(checkPackedSheet(claiming(sheet, 0xffffffff))).toEqual(refusal(sheetRefusals.unpackedTooLarge));
    // A truncated directory is not a sheet.
    expect(checkPackedSheet(sheet.subarray(0, sheet.length - 200))).toEqual(refusal(sheetRefusals.notASheet));
  });
});
