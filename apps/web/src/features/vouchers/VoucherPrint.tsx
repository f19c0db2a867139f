import { voucherKindLabelsAr } from '@mizan/contract';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { useCompany } from '../settings/useSettings.ts';
import '../print/print.css';
import { useVoucher } from './useVouchers.ts';
import { vouchersText as text } from './vouchersText.ts';

/** A voucher on paper: the company, its kind and reference, who paid whom, how much, for what, what it settled. */
export function VoucherPrint({ title, jId, onClose }: { title: string; jId: number; onClose: () => void }) {
  const { storeId } = useSession();
  const voucher = useVoucher(storeId, jId).data;
  const company = useCompany().data?.[0];
  return (
    <Page
      title={title}
      actions={
        <>
          <IonButton onClick={() => window.print()} data-testid="print-voucher">
            {text.print}
          </IonButton>
          <IonButton fill="clear" onClick={onClose}>
            {text.cancel}
          </IonButton>
        </>
      }
    >
      {voucher && (
        <article className="print-sheet voucher-print" data-testid="voucher-print">
          <header>
            <h2>{company?.arName}</h2>
            <h3>
              {voucherKindLabelsAr[voucher.voucher_kind]} <bdi className="num">{voucher.j_ref}</bdi>
            </h3>
            <p>
              {text.date}: <bdi className="num">{formatDate(voucher.j_date)}</bdi>
            </p>
          </header>
          <p>
            {voucher.voucher_kind === 'receipt' ? text.receivedFrom : text.paidTo}:{' '}
            <strong>{voucher.account_name}</strong>
          </p>
          <p>
            {text.theSum}: <strong className="num">{formatDecimal(voucher.j_pay)}</strong> ({voucher.money_account_name}
            )
          </p>
          {voucher.j_details && (
            <p>
              {text.forWhat}: {voucher.j_details}
            </p>
          )}
          {voucher.allocations.length > 0 && (
            <p>
              {text.settles}:{' '}
              {voucher.allocations.map((a) => (
                <span key={a.pay_id}>
                  <bdi className="num">{a.pay_ref}</bdi> (<bdi className="num">{formatDecimal(a.amount)}</bdi>){' '}
                </span>
              ))}
            </p>
          )}
          <footer>
            <p>{text.signature}: ....................</p>
          </footer>
        </article>
      )}
    </Page>
  );
}
