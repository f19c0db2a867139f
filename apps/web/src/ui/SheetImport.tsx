import type { ImportPreviewResponse, QueryOf, routes } from '@mizan/contract';
import { type ReactNode, useState } from 'react';
import { call, download, fieldErrors } from '../app/api.ts';
import { refreshStore } from '../app/queryClient.ts';
import { wordFieldError } from './form/fieldText.ts';
import { importText } from './importText.ts';
import { IonButton } from './ionic.ts';
import { type Column, DataTable } from './table/DataTable.tsx';
import { useNotify } from './useNotify.ts';

type PreviewRow = ImportPreviewResponse['data'][number];
/** Every row of the sheet with its errors, or `importText.ok` when it has none. */
const previewColumns = (describe: (values: Record<string, unknown>) => string): Column<PreviewRow>[] => [
  { id: 'row', header: importText.row, amount: false, cell: (row) => <bdi className="num">{row.row}</bdi> },
  { id: 'item', header: importText.item, cell: (row) => describe(row.values) },
  {
    id: 'errors',
    header: importText.errors,
    cell: (row) => {
      const errors = Object.values(row.errors).map((code) => wordFieldError(code));
      return errors.length ? <span className="field-error">{importText.list(errors)}</span> : importText.ok;
    },
  },
];

/**
 * Upload an .xlsx, see every row with its Arabic errors, then save all valid rows in one transaction.
 * Used for items (uploadXsl) and opening quantities (uploadXslFristq).
 */
type SheetRoutes = typeof routes.uploadXsl;

export function SheetImport({
  route,
  template,
  templateName,
  query,
  storeId,
  describe,
  previewNote,
  onDone,
}: {
  route: SheetRoutes[keyof SheetRoutes];
  template: typeof routes.items.importTemplate | typeof routes.firstq.importTemplate;
  templateName: string;
  query?: QueryOf<SheetRoutes['items']>;
  /** The store whose figures the import changes: its cache branch is read again afterwards. */
  storeId: number;
  describe: (values: Record<string, unknown>) => string;
  /** What the screen adds under the preview's summary (the opening sheet: openings it leaves out or clears). */
  previewNote?: (preview: ImportPreviewResponse) => ReactNode;
  onDone?: () => void;
}) {
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<ImportPreviewResponse | undefined>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function run<T>(work: () => Promise<T>) {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      // A refused file says why on its `file` field (not a sheet, too large, columns missing): that is the message.
      const file = fieldErrors(error).file;
      if (file) notify.refused(wordFieldError(file));
      else notify.failed(error);
    } finally {
      setBusy(false);
    }
  }
  const check = () =>
    file &&
    run(async () => {
      const answer = await call(route, { file, query: { ...query, preview: 1 } });
      if ('valid' in answer) setPreview(answer);
    });
  const apply = () =>
    file &&
    run(async () => {
      const answer = await call(route, { file, query: query ?? {} });
      const [result] = 'valid' in answer ? [] : answer.data;
      if (result) notify.done(importText.done(result));
      setPreview(undefined);
      await refreshStore(storeId);
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
        <IonButton size="small" fill="outline" onClick={() => run(() => download(template, templateName))}>
          {importText.template}
        </IonButton>
      </div>
      {preview && (
        <>
          <p data-testid="sheet-summary">{importText.summary(preview.valid, preview.invalid)}</p>
          {previewNote?.(preview)}
          <DataTable
            columns={previewColumns(describe)}
            rows={preview.data}
            rowKey={(row) => row.row}
            testId="sheet-rows"
            empty=""
            rowClassName={(row) => (Object.keys(row.errors).length ? 'row-invalid' : undefined)}
          />
          <IonButton expand="block" onClick={apply} disabled={busy || preview.valid === 0} data-testid="sheet-apply">
            {importText.apply(preview.valid)}
          </IonButton>
        </>
      )}
    </div>
  );
}
