import type { ImportResult } from '@mizan/contract';

/** The words of the Excel import (SheetImport): items and opening quantities. */
export const importText = {
  pick: 'اختر ملف Excel (.xlsx)',
  template: 'تنزيل القالب',
  preview: 'معاينة الملف',
  apply: (n: number) => `حفظ ${n} صف صحيح`,
  summary: (valid: number, invalid: number) => `صفوف صحيحة: ${valid} — صفوف بها أخطاء: ${invalid} (لن تُحفظ)`,
  row: 'الصف',
  item: 'الصنف',
  errors: 'الأخطاء',
  ok: 'سليم',
  /** A row's errors, in one line. */
  list: (errors: string[]) => errors.join('، '),
  done: (r: ImportResult) =>
    `تم الحفظ: ${r.created} جديد، ${r.updated} محدث، ${r.skipped} متجاوز` +
    (r.cleared ? `، ${r.cleared} كمية افتتاحية مُسحت` : ''),
} as const;
