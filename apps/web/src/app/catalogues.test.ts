import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every word a user reads sits in its feature's catalogue (a `*Text.ts` file, or app/messages.ts for the shell), so
 * it can be found, reviewed and keyed by the contract's codes. This keeps inline Arabic from creeping back into the
 * screens and the shared components.
 */
const src = fileURLToPath(new URL('..', import.meta.url));

/**
 * Arabic script that is text: letters, marks, tatweel and punctuation (، ؛ ؟). The Arabic-Indic digits and the
 * decimal and thousands separators (٫ ٬) are left out: comments show them as examples of what a user may type.
 */
const ARABIC_TEXT =
  /[\u0600-\u065F\u066A\u066D-\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

const isCatalogue = (file: string) => file.endsWith('Text.ts') || file === 'app/messages.ts';
// Tests assert the very text a user reads, so they hold Arabic on purpose.
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Arabic that is data, not text to show: each entry exempts one exact string in one file. */
const allowed: { file: string; text: string; reason: string }[] = [];

/** The lines of a source that hold Arabic text, as `line: text`. */
function arabicLines(source: string): string[] {
  return source.split('\n').flatMap((line, index) => (ARABIC_TEXT.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

const sourceFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replaceAll('\\', '/'))
  .filter((file) => /\.tsx?$/.test(file) && !isCatalogue(file) && !isTest(file));
const read = (file: string) => readFileSync(join(src, file), 'utf8');

describe('Arabic text lives in the catalogues', () => {
  it('no screen or shared component outside a catalogue holds Arabic text', () => {
    const found = sourceFiles.flatMap((file) => {
      const source = allowed
        .filter((entry) => entry.file === file)
        .reduce((text, entry) => text.replaceAll(entry.text, ''), read(file));
      return arabicLines(source).map((line) => `${file}:${line}`);
    });
    expect(found, 'move these words to the catalogue of their feature (a *Text.ts file)').toEqual([]);
  });

  it('every exception is still in its file, so the list does not outlive what it excuses', () => {
    const stale = allowed.filter(
      (entry) => !sourceFiles.includes(entry.file) || !read(entry.file).includes(entry.text),
    );
    expect(stale).toEqual([]);
  });

  it('reads letters and punctuation as text, and digits as examples', () => {
    expect(arabicLines("const saved = 'تم الحفظ';")).toEqual(["1: const saved = 'تم الحفظ';"]);
    expect(arabicLines("errors.join('، ')")).toHaveLength(1);
    expect(arabicLines('// "٢٣/١١/٢٠٢٦" and ١٢٫٥ are read as typed')).toEqual([]);
  });
});
