import type { ImportPreviewResponse, ImportResult } from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiDownload, apiUpload, type Params } from '../app/api.ts';
import { IonButton } from './ionic.ts';
import { useNotify } from './useNotify.ts';

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
  done: (r: ImportResult) => `تم الحفظ: ${r.created} جديد، ${r.updated} محدث، ${r.skipped} متجاوز`,
};

/**
 * Upload an .xlsx, see every row with its Arabic errors, then save all valid rows in one transaction.
 * Used for items (uploadXsl) and opening quantities (uploadXslFristq).
 */
export function SheetImport({
  path,
  templatePath,
  templateName,
  params,
  invalidate,
  describe,
  onDone,
}: {
  path: string;
  templatePath: string;
  templateName: string;
  params?: Params;
  invalidate: readonly unknown[];
  describe: (values: Record<string, unknown>) => string;
  onDone?: () => void;
}) {
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<ImportPreviewResponse | undefined>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const notify = useNotify();

  async function run<T>(work: () => Promise<T>) {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      notify.failed(error);
    } finally {
      setBusy(false);
    }
  }
  const check = () =>
    file &&
    run(async () => setPreview(await apiUpload<ImportPreviewResponse>(path, 'file', file, { ...params, preview: 1 })));
  const apply = () =>
    file &&
    run(async () => {
      const { data } = await apiUpload<{ data: ImportResult[] }>(path, 'file', file, params);
      if (data[0]) notify.done(importText.done(data[0]));
      setPreview(undefined);
      await queryClient.invalidateQueries({ queryKey: invalidate });
      onDone?.();
    });

  return (
    <div className="sheet-import">
      <div className="toolbar-row">
        <input
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={importText.pick}
          data-testid="sheet-file"
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setPreview(undefined);
          }}
        />
        <IonButton size="small" onClick={check} disabled={!file || busy} data-testid="sheet-preview">
          {importText.preview}
        </IonButton>
        <IonButton size="small" fill="outline" onClick={() => run(() => apiDownload(templatePath, templateName))}>
          {importText.template}
        </IonButton>
      </div>
      {preview && (
        <>
          <p data-testid="sheet-summary">{importText.summary(preview.valid, preview.invalid)}</p>
          <div className="table-scroll">
            <table className="data-table" data-testid="sheet-rows">
              <thead>
                <tr>
                  <th>{importText.row}</th>
                  <th>{importText.item}</th>
                  <th>{importText.errors}</th>
                </tr>
              </thead>
              <tbody>
                {preview.data.map((row) => {
                  const errors = Object.values(row.errors);
                  return (
                    <tr key={row.row} className={errors.length ? 'row-invalid' : undefined}>
                      <td data-label={importText.row}>
                        <bdi className="num">{row.row}</bdi>
                      </td>
                      <td data-label={importText.item}>{describe(row.values)}</td>
                      <td data-label={importText.errors} className={errors.length ? 'field-error' : undefined}>
                        {errors.length ? errors.join('، ') : importText.ok}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <IonButton expand="block" onClick={apply} disabled={busy || preview.valid === 0} data-testid="sheet-apply">
            {importText.apply(preview.valid)}
          </IonButton>
        </>
      )}
    </div>
  );
}
