import type { TradeDocument } from '@mizan/contract';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { IonButton, IonItem, IonLabel, IonList, IonListHeader, IonNote } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { purchaseScreen, salesScreen } from '../invoices/documentScreens.ts';
import { notificationsText as text } from './notificationsText.ts';
import { StockAlerts } from './StockAlerts.tsx';
import { useDueInvoices } from './useDueInvoices.ts';

function DueList({ title, rows, editPath }: { title: string; rows: TradeDocument[] | undefined; editPath: string }) {
  const navigate = useNavigate();
  return (
    <IonList data-testid={`due-${editPath === purchaseScreen.editPath ? 'suppliers' : 'customers'}`}>
      <IonListHeader>{title}</IonListHeader>
      {!rows?.length && (
        <IonItem lines="none">
          <IonNote>{text.none}</IonNote>
        </IonItem>
      )}
      {rows?.map((doc) => (
        <IonItem key={doc.pay_id}>
          <IonLabel>
            {/* Dates and references are isolated (bdi) so they keep their own left-to-right order in Arabic text. */}
            <h3>
              {text.invoiceOf} <bdi className="num">{doc.pay_ref}</bdi> — {doc.sub_name} {text.dated}{' '}
              <bdi className="num">{formatDate(doc.pay_date)}</bdi>
            </h3>
            <p>
              {text.due}: <bdi className="num">{formatDate(doc.nextPay)}</bdi> — {text.remaining}:{' '}
              <bdi className="num">{formatDecimal(doc.changee)}</bdi>
            </p>
          </IonLabel>
          <IonButton slot="end" fill="outline" size="small" onClick={() => navigate(`${editPath}?id=${doc.pay_id}`)}>
            {text.open}
          </IonButton>
        </IonItem>
      ))}
    </IonList>
  );
}

/** The notifications: stock alerts (out of stock, negative, below minimum) and payment-due invoices. */
export default function NotificationsPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const { customers, suppliers } = useDueInvoices(storeId);
  return (
    <Page title={title}>
      <StockAlerts />
      <DueList title={text.customers} rows={customers.data} editPath={salesScreen.editPath} />
      <DueList title={text.suppliers} rows={suppliers.data} editPath={purchaseScreen.editPath} />
    </Page>
  );
}
