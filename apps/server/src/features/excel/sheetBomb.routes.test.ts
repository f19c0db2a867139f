/**
 * Issue 22: a 400 KB sheet cost the server 1.6 GB. Its entries state 1,000 bytes each and hold a 400 MiB shared
 * string; the import trusted the stated sizes. What the parts really unpack to is counted while inflating.
 */
import { createDeflateRaw } from 'node:zlib';
import { expect, it } from 'vitest';
import { measured } from '../../test/measured.ts';
import { describeEachDatabase, multipartFile, TestClient } from '../../test/testApp.ts';
import { itemColumns } from './itemSheet.rules.ts';
import { MAX_CELL_CHARS } from './sheetLimits.ts';
import { writeSheet, XLSX_TYPE } from './sheetValues.ts';
import { packZip, zipEntries } from './sheetZip.ts';

const MiB = 1024 * 1024;

/** `<sst>` with one string of `mib` MiB, deflated as it is made (never held whole). */
async function hugeSharedStrings(mib: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const write = (chunk: Buffer | string) =>
    new Promise<void>((resolve) => (deflate.write(chunk) ? resolve() : deflate.once('drain', resolve)));
  await write('<?xml version="1.0" encoding="UTF-8"?><sst count="1" uniqueCount="1"><si><t>');
  const block = Buffer.alloc(MiB, 'A');
  for (let i = 0; i < mib; i++) await write(block);
  deflate.end('</t></si></sst>');
  await done;
  return Buffer.concat(parts);
}

/** A real sheet whose shared strings are replaced by the huge string, every entry stating 1,000 bytes. */
async function lyingWorkbook(mib: number): Promise<Buffer> {
  const sheet = await writeSheet('Sheet1', Object.values(itemColumns), [
    ['صنف', '', '', 'B-1', '', '', '', '', 1, 1, 2],
  ]);
  const entries = zipEntries(sheet);
  if (!entries.ok) throw new Error('the test sheet is no zip');
  const packed = await hugeSharedStrings(mib);
  return packZip(
    entries.value.map((entry) =>
      entry.name === 'xl/sharedStrings.xml'
        ? { ...entry, method: 8, packed, size: 1_000 }
        : { ...entry, size: Math.min(entry.statedSize, 1_000) },
    ),
  );
}

describeEachDatabase('a sheet that lies about its size', (ctx) => {
  let bomb: Buffer;
  const signedIn = async () => {
    const c = new TestClient(ctx().app);
    await c.signIn();
    return c;
  };

  it('is refused in Arabic well under a second, the memory staying where it was', async () => {
    bomb ??= await lyingWorkbook(400);
    expect(bomb.length).toBeLessThan(600 * 1024);
    const admin = await signedIn();
    const file = multipartFile('avatar', 'bomb.xlsx', XLSX_TYPE, bomb);
    const { answer, ms, grewMb } = await measured(() => admin.upload('/api/uploadXsl?preview=1', file));
    console.info(
      `lying workbook (${bomb.length} bytes): refused in ${ms.toFixed(0)} ms, memory +${grewMb.toFixed(0)} MB`,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields.file).toBe('FILE_UNPACKS_TOO_LARGE');
    expect(answer.json().error.message).toMatch(/[\u0600-\u06ff]/);
    expect(ms).toBeLessThan(1_000);
    expect(grewMb).toBeLessThan(100);
  }, 120_000);

  it('six at once (the openings sheet too) are all refused, and add up to nothing', async () => {
    bomb ??= await lyingWorkbook(400);
    const admin = await signedIn();
    const file = multipartFile('avatar', 'bomb.xlsx', XLSX_TYPE, bomb);
    const { answer, ms, grewMb } = await measured(() =>
      Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          admin.upload(i % 2 ? '/api/uploadXsl?preview=1' : '/api/uploadXslFristq?preview=1&fq_year=1', file),
        ),
      ),
    );
    console.info(`six lying workbooks: refused in ${ms.toFixed(0)} ms, memory +${grewMb.toFixed(0)} MB`);
    for (const refused of answer) expect(refused.json().error.fields.file).toBe('FILE_UNPACKS_TOO_LARGE');
    expect(grewMb).toBeLessThan(150);
  }, 120_000);

  it('a cell longer than any field is refused, naming why', async () => {
    const admin = await signedIn();
    const long = 'ب'.repeat(MAX_CELL_CHARS + 1);
    const sheet = await writeSheet('Sheet1', Object.values(itemColumns), [
      [long, '', '', 'L-1', '', '', '', '', 1, 1, 2],
    ]);
    const refused = await admin.upload('/api/uploadXsl?preview=1', multipartFile('avatar', 'l.xlsx', XLSX_TYPE, sheet));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.file).toBe('FILE_CELL_TOO_LONG');
  });
});
