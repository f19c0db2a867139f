import type { TradeDocument } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { IonButton, IonItem, IonLabel, IonList, IonListHeader } from '../../ui/ionic.ts';
import { LoadMore } from '../../ui/LoadMore.tsx';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { purchaseScreen, salesScreen } from '../invoices/documentScreens.ts';
import { ListEmpty, ListLoading } from './ListState.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { StockAlerts } from './StockAlerts.tsx';
import { useDueInvoices } from './useDueInvoices.ts';

/** Rows drawn at a time: a year leaves hundreds of due invoices, and each drawn row costs the browser. */
const SHOWN_AT_ONCE = 20;

function DueList({
  title,
  rows,
  loading,
  editPath,
}: {
  title: string;
  rows: TradeDocument[] | undefined;
  loading: boolean;
  editPath: string;
}) {
  const navigate = useNavigate();
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  const drawn = rows?.slice(0, shown) ?? [];
  return (
    <IonList data-testid={`due-${editPath === purchaseScreen.editPath ? 'suppliers' : 'customers'}`}>
      <IonListHeader>
        {title}
        {rows && (
          <>
            {' '}
            (<bdi className="num">{rows.length}</bdi>)
          </>
        )}
      </IonListHeader>
      {loading ? <ListLoading /> : !rows?.length && <ListEmpty text={text.none} />}
      {drawn.map((doc) => (
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
      {rows && rows.length > SHOWN_AT_ONCE && (
        <LoadMore
          shown={drawn.length}
          total={rows.length}
          loading={false}
          onMore={() => setShown((count) => count + SHOWN_AT_ONCE)}
        />
      )}
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
      <DueList
        title={text.customers}
        rows={customers.data}
        loading={customers.isLoading}
        editPath={salesScreen.editPath}
      />
      <DueList
        title={text.suppliers}
        rows={suppliers.data}
        loading={suppliers.isLoading}
        editPath={purchaseScreen.editPath}
      />
    </Page>
  );
}
