import { isKindToken, isTradeKind, type KindToken, kindOf } from '@mizan/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, formatDecimal, formatMoney, formatQuantity } from '../../app/format.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useAccountBalance } from '../accounts/useAccounts.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useInvoice } from '../invoices/useSales.ts';
import { offlineText } from '../offline/offlineText.ts';
import type { OutboxSale } from '../offline/outbox.rules.ts';
import { keptSale } from '../offline/outboxStore.ts';
import { useReturnDetail } from '../returns/useReturns.ts';
import { useCompany } from '../settings/useSettings.ts';
import { ShareButtons } from '../share/ShareButtons.tsx';
import { printText, receiptText as text } from './printText.ts';
import './receipt.css';
import { receiptTotals, receiptWords } from './receiptFigures.ts';
import { printsTaxQr, TaxQr, taxQrOf } from './TaxQr.tsx';

/**
 * The POS receipt (pos-reciept): a till roll of 80 mm or 58 mm, laid out for it (not the A4 invoice made narrow).
 * `?kind=pay&id=12&width=58&received=200&auto=1`: the document, the roll, the cash handed over (the change is
 * printed), and whether to open the print window at once.
 */
export default function ReceiptPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind') ?? 'pay';
  const kind: KindToken = isKindToken(kindParam) ? kindParam : 'pay';
  const id = Number(params.get('id'));
  const width = params.get('width') === '58' ? '58' : '80';
  const { storeId } = useSession();
  // The roll as drawn, shared as an image of its own width.
  const printArea = useRef<HTMLElement>(null);
  const doc = useInvoice(storeId, kind, Number.isInteger(id) && id > 0 ? id : undefined);
  const pending = usePendingSale(params.get('pending'));
  const company = useCompany();
  const d = pending.sale
    ? { ...pending.sale.receipt, pay_ref: offlineText.pendingRef(pending.sale.counter) }
    : doc.data;
  const c = company.data?.[0];
  const party = useAccountBalance(storeId, pending.sale ? undefined : doc.data?.cust_id);
  // A return names the invoice it takes goods back from (its original).
  const returnKind = isTradeKind(kind) ? undefined : kind;
  const returned = useReturnDetail(storeId, returnKind ?? 'sales_returns', returnKind && doc.data?.pay_ref);
  useEffect(() => {
    if (d && c && params.get('auto') === '1') setTimeout(() => window.print(), 300);
  }, [d, c, params]);
  const widthTo = (next: '80' | '58') => {
    const copy = new URLSearchParams(params);
    copy.set('width', next);
    copy.delete('auto');
    setParams(copy);
  };
  return (
    <Page title={title}>
      <div className="print-actions no-print">
        <IonButton onClick={() => window.print()} data-testid="print">
          {text.print}
        </IonButton>
        <IonButton fill={width === '80' ? 'solid' : 'outline'} onClick={() => widthTo('80')}>
          {text.width80}
        </IonButton>
        <IonButton fill={width === '58' ? 'solid' : 'outline'} onClick={() => widthTo('58')}>
          {text.width58}
        </IonButton>
        {/* A saved sale's summary to the customer (issue 34, part 4); one still on the device has no number yet. */}
        {doc.data && c && (
          <ShareButtons
            summary={{
              label: kindOf(kind).label,
              pay_ref: doc.data.pay_ref,
              pay_date: doc.data.pay_date,
              total: doc.data.total_with_vat,
              remaining: doc.data.changee,
              currency: c.currency_symbol,
              company: c.arName,
              party: doc.data.sub_name,
            }}
            phone={party.data?.phone}
            countryCode={c.country_code}
            printed={
              // A return's image once its original invoice is known (it prints it).
              !returnKind || returned.isFetched
                ? { node: () => printArea.current, name: `${doc.data.pay_ref}-${width}mm.png` }
                : undefined
            }
          />
        )}
      </div>
      {(doc.isError || pending.missing) && <p data-testid="print-not-found">{printText.notFound}</p>}
      {d && c && (
        <Receipt
          ref={printArea}
          doc={d}
          company={c}
          kind={kind}
          width={width}
          received={params.get('received')}
          originalRef={returned.data?.original_pay_ref}
          pending={pending.sale !== undefined}
        />
      )}
    </Page>
  );
}

/**
 * A sale kept on the device (`?pending=key`, docs/offline.md): its receipt from what the screen computed, until
 * the server has it; once sent, the saved invoice's own receipt.
 */
function usePendingSale(key: string | null) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [found, setFound] = useState<{ sale?: OutboxSale; missing?: boolean }>({});
  useEffect(() => {
    if (!key) return;
    void keptSale(key).then(({ sale, sent }) => {
      if (sale) return setFound({ sale });
      if (!sent) return setFound({ missing: true });
      const copy = new URLSearchParams(params);
      copy.delete('pending');
      copy.set('kind', 'pay');
      copy.set('id', String(sent));
      navigate(`/pos-reciept?${copy.toString()}`, { replace: true });
    });
  }, [key, params, navigate]);
  return found;
}

type SavedDoc = NonNullable<ReturnType<typeof useInvoice>['data']>;
type ReceiptDoc = Pick<
  SavedDoc,
  | 'pay_ref'
  | 'pay_date'
  | 'pay_time'
  | 'user_name'
  | 'sub_name'
  | 'tot_pr'
  | 'discount'
  | 'taxTot'
  | 'total_with_vat'
  | 'pay'
  | 'changee'
> & {
  /** The terms the saved document was issued under (a sale still on the device has none: the settings then). */
  vat_charged?: boolean;
  items: (Pick<SavedDoc['items'][number], 'id' | 'item_name' | 'quantity' | 'pay_price' | 'tot'> &
    Partial<Pick<SavedDoc['items'][number], 'perch_price'>>)[];
};
type CompanyRow = NonNullable<ReturnType<typeof useCompany>['data']>[number];

function Receipt({
  ref,
  doc: d,
  company: c,
  kind,
  width,
  received,
  originalRef,
  pending,
}: {
  ref: RefObject<HTMLElement | null>;
  doc: ReceiptDoc;
  pending: boolean;
  company: CompanyRow;
  kind: KindToken;
  width: '80' | '58';
  received: string | null;
  /** A return's original invoice. */
  originalRef: string | undefined;
}) {
  const withQr = printsTaxQr(c, kind, d);
  // VAT words when it charges VAT: a saved document by its own terms, not the settings of the day.
  const taxInvoice = d.vat_charged ?? c.vat_registered;
  const words = receiptWords(kind, taxInvoice);
  const rows = receiptTotals(d, { kind, vatRegistered: taxInvoice, received });
  return (
    <article ref={ref} className={`receipt-print w${width}`} data-testid="receipt" dir="rtl">
      <header className="receipt-company">
        {c.logoUrl && <img src={c.logoUrl} alt="" className="receipt-logo" />}
        <h1>{c.arName}</h1>
        <p dir="ltr">{c.engName}</p>
        {/* The VAT number only on a document that charges VAT: a company not registered charges none (docs/vat.md). */}
        {taxInvoice && c.vatNo && (
          <p>
            {text.vatNo} <bdi className="num">{c.vatNo}</bdi>
          </p>
        )}
        {c.tradNo && (
          <p>
            {text.tradeNo} <bdi className="num">{c.tradNo}</bdi>
          </p>
        )}
        {(c.phone || c.phone2) && (
          <p>
            {text.phone} <bdi className="num">{[c.phone, c.phone2].filter(Boolean).join(' - ')}</bdi>
          </p>
        )}
        {c.address && <p>{c.address}</p>}
      </header>
      <h2 className="receipt-title" data-testid="receipt-title">
        {words.title}
      </h2>
      {pending && (
        <p className="receipt-pending" data-testid="receipt-pending">
          {offlineText.pendingNote}
        </p>
      )}
      <dl className="receipt-meta">
        <dt>{words.ref}</dt>
        <dd>
          <bdi className="num">{d.pay_ref}</bdi>
        </dd>
        {words.isReturn && (
          <>
            <dt>{text.original}</dt>
            <dd>
              <bdi className="num" data-testid="receipt-original">
                {originalRef}
              </bdi>
            </dd>
          </>
        )}
        <dt>{text.dateTime}</dt>
        <dd>
          <bdi className="num">{`${formatDate(d.pay_date)} ${d.pay_time.slice(0, 5)}`}</bdi>
        </dd>
        <dt>{text.cashier}</dt>
        <dd>{d.user_name}</dd>
        <dt>{words.party}</dt>
        <dd>
          <bdi>{d.sub_name}</bdi>
        </dd>
      </dl>
      <table className="receipt-lines" data-testid="receipt-lines">
        <thead>
          <tr>
            <th>{text.item}</th>
            <th className="amount">{text.quantity}</th>
            <th className="amount">{text.price}</th>
            <th className="amount">{text.total}</th>
          </tr>
        </thead>
        <tbody>
          {d.items.map((line) => (
            <tr key={line.id}>
              <td className="receipt-item">{line.item_name}</td>
              <td className="amount">
                <bdi className="num">{formatQuantity(line.quantity)}</bdi>
              </td>
              <td className="amount">
                <bdi className="num">{formatDecimal(line[words.price] ?? line.pay_price)}</bdi>
              </td>
              <td className="amount">
                <bdi className="num">{formatDecimal(line.tot)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="receipt-totals" data-testid="receipt-totals">
        <tbody>
          {rows.map(({ label, value, grand }) => (
            <tr key={label} className={grand ? 'grand' : undefined}>
              <th>{label}</th>
              <td>
                <bdi className="num">{formatMoney(value, c)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {withQr && (
        <div className="receipt-qr">
          <TaxQr value={taxQrOf(c, d)} size={width === '80' ? '34mm' : '30mm'} />
        </div>
      )}
      <footer className="receipt-footer">{text.thanks}</footer>
    </article>
  );
}
