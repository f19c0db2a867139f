import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { useCompany } from '../settings/useSettings.ts';
import '../print/print.css';
import './transfers.css';
import { TransferHeader, TransferLinesView, TransferReceipts } from './TransferFigures.tsx';
import { transfersText as text } from './transfersText.ts';
import { useTransfer } from './useTransfers.ts';

/**
 * A transfer on A4 (transfer-print?id=N; `auto=1` prints at once): the company, the two stores, its lines with what
 * was received, sent back and is still on the way, and its receipts; a line for the receiver's signature. Print
 * CSS, as every document's print, so Arabic is shaped on paper and in "save as PDF".
 */
export default function TransferPrintPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [params] = useSearchParams();
  const transfer = useTransfer(storeId, Number(params.get('id')) || undefined);
  const company = useCompany().data?.[0];
  const t = transfer.data;
  const ready = t !== undefined && company !== undefined;
  useEffect(() => {
    if (ready && params.get('auto') === '1') setTimeout(() => window.print(), 300);
  }, [ready, params]);
  if (transfer.isError)
    return (
      <Page title={title}>
        <p data-testid="transfer-not-found">{text.notFoundTransfer}</p>
      </Page>
    );
  return (
    <Page title={title}>
      <div className="print-actions no-print">
        <IonButton onClick={() => window.print()} data-testid="print">
          {text.print}
        </IonButton>
      </div>
      {t && company && (
        <article className="invoice-print a4 transfer-print" data-testid="transfer-print">
          <header className="print-company">
            <div>
              <h1>{company.arName}</h1>
              <p>{company.address}</p>
            </div>
            {company.logoUrl && <img src={company.logoUrl} alt="" className="print-logo" />}
            <div className="ltr-block" dir="ltr">
              <h2>{company.engName}</h2>
            </div>
          </header>
          <h2 className="print-title">{text.printTitle}</h2>
          <TransferHeader transfer={t} />
          <div className="print-scroll">
            <TransferLinesView transfer={t} print />
            <TransferReceipts transfer={t} print />
          </div>
          <footer className="print-footer">
            <span>{text.signature}: ....................</span>
          </footer>
        </article>
      )}
    </Page>
  );
}
