import { IonButton, IonItem, IonLabel, IonList, IonListHeader, IonNote } from '@ionic/react';
import type { TradeDocument } from '@mizan/contract';
import { useNavigate } from 'react-router-dom';
import { formatDecimal } from '../../app/format.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { purchaseScreen, salesScreen } from '../invoices/documentScreens.ts';
import { useDueInvoices } from './useDueInvoices.ts';

const text = {
  customers: 'مواعيد سداد العملاء',
  suppliers: 'مواعيد سداد الموردين',
  title: (name: string, date: string) => `مواعيد سداد فاتورة ${name} بتاريخ ${date}`,
  due: 'تاريخ السداد',
  remaining: 'المتبقي',
  open: 'عرض',
  none: 'لا توجد مواعيد سداد',
  stockLater: 'تنبيهات الأصناف المنتهية والكميات السالبة تأتي مع وحدة المخزون.',
};

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
            <h3>
              {text.title(doc.sub_name, doc.pay_date)} <bdi className="num">{doc.pay_ref}</bdi>
            </h3>
            <p>
              {text.due}: <bdi className="num">{doc.nextPay}</bdi> — {text.remaining}:{' '}
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

/** Payment-due notifications (the due part; out-of-stock alerts come with the stock issue). */
export default function NotificationsPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const { customers, suppliers } = useDueInvoices(storeId);
  return (
    <Page title={title}>
      <p className="notice">{text.stockLater}</p>
      <DueList title={text.customers} rows={customers.data} editPath={salesScreen.editPath} />
      <DueList title={text.suppliers} rows={suppliers.data} editPath={purchaseScreen.editPath} />
    </Page>
  );
}
