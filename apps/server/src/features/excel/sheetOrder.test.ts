/**
 * The intermittent 400 FILE_NOT_A_SHEET for a valid sheet (issue 22), made deterministic. exceljs's streaming
 * reader, meeting a worksheet before the shared strings (the order Excel and exceljs write), copies it to a temporary
 * file and reads it after the zip's other parts. While that copy is written, unzipper goes on parsing the parts
 * after it (small ones fit in their stream's buffer) and, at the zip's end, emits `end` by hand while those parts
 * still wait in its paused output: exceljs's loop sees the end and never reads them. Without `xl/workbook.xml` the
 * reader throws ("reading 'sheets'"), which the worker answered as "not a sheet". It happened when the copy's
 * file-system writes came after the zip's inflating, i.e. only on a loaded machine. Here the copy is made slow.
 */
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readableSheet } from './sheetLimits.ts';
import { readSheet, writeSheet } from './sheetValues.ts';
import { zipEntries } from './sheetZip.ts';

type TmpFile = (...args: unknown[]) => void;
const tmp = createRequire(import.meta.url)('tmp') as { file: TmpFile };

describe('a valid sheet is read whatever the order of its zip and however slow the disk', () => {
  const tmpFile = tmp.file;
  beforeEach(() => {
    // exceljs's temporary copy of a worksheet, as on a loaded machine: its file comes 50 ms late.
    tmp.file = (...args: unknown[]) => {
      const done = args.at(-1) as (...result: unknown[]) => void;
      tmpFile((...result: unknown[]) => setTimeout(() => done(...result), 50));
    };
  });
  afterEach(() => {
    tmp.file = tmpFile;
  });

  it('the sheet the reader gets has the workbook, its relations and the shared strings before the worksheet', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`صنف ${i}`, `Item ${i}`, 10 + i]);
    const file = await writeSheet('Sheet1', ['الاسم', 'name', 'price'], rows);
    const sheet = await readableSheet(file);
    if (!sheet.ok) throw new Error('refused');
    const read = await readSheet(sheet.value);
    expect(read).toHaveLength(21);
    expect(read[20]).toEqual({ row: 21, cells: ['صنف 19', 'Item 19', '29'] });
    // In the order the streaming reader needs: it then reads the worksheet as it comes, with no temporary copy.
    const names = zipEntries(sheet.value);
    expect(names.ok && names.value.map((entry) => entry.name)).toEqual([
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('a sheet with no shared strings (numbers only) is read the same way', async () => {
    const file = await writeSheet(
      'Sheet1',
      [],
      [
        [1, 2],
        [3, 4],
      ],
    );
    const listed = zipEntries(file);
    // A workbook with no text has no shared strings part: the reader is given an empty one.
    expect(listed.ok && listed.value.some((entry) => entry.name === 'xl/sharedStrings.xml')).toBe(false);
    const sheet = await readableSheet(file);
    if (!sheet.ok) throw new Error('refused');
    expect(await readSheet(sheet.value)).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', '4'] },
    ]);
  });
});
