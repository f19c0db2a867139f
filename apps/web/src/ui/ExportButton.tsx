/**
 * The one export button of lists and reports: asks the server for the screen's rows as an .xlsx (the server streams
 * it, see the server's lib/sheetExport.ts) with the screen's own filters, shows that it is working while the file is
 * built, and says in Arabic when it failed. The filters are the screen's query without its page.
 */
import type { Route } from '@mizan/contract';
import { cloudDownloadOutline } from 'ionicons/icons';
import { useState } from 'react';
import { type CallArgs, download } from '../app/api.ts';
import { ui } from '../app/messages.ts';
import { IonButton, IonIcon, IonSpinner } from './ionic.ts';
import { useNotify } from './useNotify.ts';

type Props<R extends Route> = {
  route: R;
  /** The saved file's name, e.g. 'statement.xlsx' (the screen's own Arabic name in practice). */
  filename: string;
  input: CallArgs<NonNullable<R['types']>>[0];
  label?: string;
};

export function ExportButton<R extends Route>({ route, filename, input, label = ui.exportExcel }: Props<R>) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(route, filename, ...([input] as CallArgs<NonNullable<R['types']>>));
    } catch (error) {
      await notify.failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <IonButton fill="outline" size="small" disabled={busy} onClick={run} data-testid="export-xlsx">
      {busy ? <IonSpinner slot="start" name="dots" /> : <IonIcon slot="start" icon={cloudDownloadOutline} />}
      {busy ? ui.exporting : label}
    </IonButton>
  );
}
