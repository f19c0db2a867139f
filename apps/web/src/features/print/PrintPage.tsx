import {
  type DocumentKindSpec,
  isKindToken,
  isTradeKind,
  type KindToken,
  kindOf,
  money,
  parseMoney,
  subtractMoney,
  toMoneyString,
} from '@mizan/contract';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, formatDecimal, formatMoney, formatQuantity } from '../../app/format.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { natureText } from '../accounts/natureText.ts';
import { useAccountBalance } from '../accounts/useAccounts.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useInvoice } from '../invoices/useSales.ts';
import { useReturnDetail } from '../returns/useReturns.ts';
import { useCompany } from '../settings/useSettings.ts';
import { ShareButtons } from '../share/ShareButtons.tsx';
import './print.css';
import { printTextEn as english, printText as text } from './printText.ts';
import { printsTaxQr, TaxQr, taxQrOf } from './TaxQr.tsx';

/**
 * The document to print (A4, or a compact receipt): print CSS, so "save as PDF" keeps the Arabic shaped. A kind the
 * registry does not know names no document: it is not found, never printed as another kind's.
 */
export default function PrintPage({ title }: { title: string }) {
  const [params] = useSearchParams();
  const kind = params.get('kind') ?? '';
  if (!isKindToken(kind)) return <NotFound title={title} />;
  return <PrintDocument title={title} kind={kind} />;
}

const NotFound = ({ title }: { title: string }) => (
  <Page title={title}>
    <p data-testid="print-not-found">{text.notFound}</p>
  </Page>
);

function PrintDocument({ title, kind }: { title: string; kind: KindToken }) {
  const { storeId } = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const layout = params.get('layout') === 'receipt' ? 'receipt' : 'a4';
  // The kind's own name heads the print; what it prints is its registry entry's.
  const spec: DocumentKindSpec = kindOf(kind);
  const en = spec.print.english && params.get('lang') === 'en';
  const t = en ? english : text;
  const doc = useInvoice(storeId, kind, id);
  const company = useCompany();
  // The party's balance now, read again after every save in the store (see app/queryClient.ts).
  const party = useAccountBalance(storeId, doc.data?.cust_id);
  // A return names the invoice it takes goods back from.
  const returnKind = isTradeKind(kind) ? undefined : kind;
  const returned = useReturnDetail(storeId, returnKind ?? 'sales_returns', returnKind && doc.data?.pay_ref);
  const originalRef = returned.data?.original_pay_ref;
  const ready = doc.data && company.data && party.isFetched;
  // The print area, shared as drawn (an image of the A4 page: 210 mm with its margins).
  const printArea = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ready && params.get('auto') === '1') setTimeout(() => window.print(), 300);
  }, [ready, params]);

  if (doc.isError) return <NotFound title={title} />;
  const d = doc.data;
  const c = company.data?.[0];
  const heading = en ? english.order : (spec.printLabel ?? spec.label);
  // Cash handed over above the net (the invoice screen passes it): the print shows it and the change given back.
  const received = parseMoney(params.get('received') ?? '');
  const change = d && received !== undefined ? subtractMoney(received, parseMoney(d.pay) ?? money(0n)) : undefined;
  const cash =
    change !== undefined && change > 0n && received !== undefined
      ? [
          [text.received, toMoneyString(received)],
          [text.change, toMoneyString(change)],
        ]
      : [];
  return (
    <Page title={title}>
      <div className="print-actions no-print">
        <IonButton onClick={() => window.print()} data-testid="print">
          {text.print}
        </IonButton>
        {spec.print.english && (
          <IonButton
            fill="outline"
            onClick={() => setParams({ kind, id: String(id), lang: en ? 'ar' : 'en' })}
            data-testid="print-language"
          >
            {en ? text.arabic : text.english}
          </IonButton>
        )}
        <IonButton
          fill="outline"
          onClick={() => setParams({ kind, id: String(id), layout: layout === 'a4' ? 'receipt' : 'a4' })}
        >
          {layout === 'a4' ? text.receipt : text.a4}
        </IonButton>
        {/* The summary to the customer (issue 34, part 4): the share sheet on a phone, a WhatsApp message. */}
        {d && c && (
          <ShareButtons
            summary={{
              label: spec.label,
              pay_ref: d.pay_ref,
              pay_date: d.pay_date,
              total: d.total_with_vat,
              remaining: d.changee,
              currency: c.currency_symbol,
              company: c.arName,
              party: d.sub_name,
            }}
            phone={party.data?.phone}
            countryCode={c.country_code}
            printed={
              // Once the party's balance is read: the image is the whole document.
              ready
                ? {
                    node: () => printArea.current,
                    name: `${d.pay_ref}.png`,
                    width: layout === 'a4' ? '210mm' : undefined,
                  }
                : undefined
            }
          />
        )}
        {/* After a purchase: a label for each unit received (docs/labels.md). */}
        {kind === 'perch' && (
          <IonButton fill="outline" data-testid="open-labels" onClick={() => navigate(`/labels?perch=${id}`)}>
            {text.labels}
          </IonButton>
        )}
      </div>
      {d && c && (
        <article
          ref={printArea}
          className={`invoice-print ${layout}`}
          data-testid="invoice-print"
          dir={en ? 'ltr' : 'rtl'}
        >
          <header className="print-company">
            <div>
              <h1>{c.arName}</h1>
              <p>{c.address}</p>
              <p>
                {t.phone}: <bdi className="num">{[c.phone, c.phone2].filter(Boolean).join(' - ')}</bdi>
              </p>
            </div>
            {c.logoUrl && <img src={c.logoUrl} alt="" className="print-logo" />}
            <div className="ltr-block" dir="ltr">
              <h2>{c.engName}</h2>
              {c.tradNo && <p>{`${text.trade}: ${c.tradNo}`}</p>}
              {/* The VAT number only on a document that charges VAT (its own terms, docs/vat.md). */}
              {(d.vat_charged ?? c.vat_registered) && c.vatNo && <p>{`VAT: ${c.vatNo}`}</p>}
            </div>
          </header>
          <h2 className="print-title">{heading}</h2>
          <dl className="print-meta">
            <dt>{t.party[spec.party]}</dt>
            <dd>
              <bdi>{d.sub_name}</bdi>
            </dd>
            <dt>{t.ref}</dt>
            <dd>
              <bdi className="num">{d.pay_ref}</bdi>
            </dd>
            {originalRef && (
              <>
                <dt>{t.original}</dt>
                <dd data-testid="print-original">
                  <bdi className="num">{originalRef}</bdi>
                </dd>
              </>
            )}
            <dt>{t.date}</dt>
            <dd>
              <bdi className="num">{formatDate(d.pay_date)}</bdi>
            </dd>
          </dl>
          <DataTable
            columns={lineColumns(t, spec.price)}
            rows={d.items}
            rowKey={(line) => line.id}
            testId="print-lines"
            variant="print"
          />
          <table className="print-totals" data-testid="print-totals">
            <tbody>
              {[
                [t.gross, d.tot_pr],
                // A kind without a payment (a purchase order): only its total.
                ...(!spec.payment
                  ? []
                  : [
                      [text.discount, d.discount],
                      [text.net, netOf(d)],
                      // VAT, when it carries any (docs/vat.md): the tax and what it comes to with it.
                      ...((parseMoney(d.taxTot) ?? 0n) === 0n
                        ? []
                        : [
                            [text.vatTotal, d.taxTot],
                            [text.totalWithVat, d.total_with_vat],
                          ]),
                      [spec.returnOf ? text.refunded : text.paid, d.pay],
                      [spec.returnOf ? text.offBalance : text.remaining, d.changee],
                      ...cash,
                    ]),
              ].map(([label, value]) => (
                <tr key={label}>
                  <th>{label}</th>
                  <td>
                    <bdi className="num">{formatMoney(value, c)}</bdi>
                  </td>
                </tr>
              ))}
              {party.data && spec.print.partyBalance && (
                <tr>
                  <th>{text.balance}</th>
                  <td>
                    <bdi className="num">{formatMoney(party.data.current_balance, c)}</bdi>{' '}
                    {natureText(party.data.balance_type)}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {printsTaxQr(c, kind, d) && (
            <div className="print-qr">
              <TaxQr value={taxQrOf(c, d)} size="32mm" />
            </div>
          )}
          <footer className="print-footer">
            <span>
              {t.user} {d.user_name}
            </span>
            {d.payComment && (
              <span>
                {t.note} {d.payComment}
              </span>
            )}
          </footer>
        </article>
      )}
    </Page>
  );
}

type PrintLine = NonNullable<ReturnType<typeof useInvoice>['data']>['items'][number];

/** The printed lines: what, how many, at what price (the kind's: sale or purchase), for how much. */
function lineColumns(
  t: { item: string; quantity: string; unitPrice: string; total: string },
  price: DocumentKindSpec['price'],
): Column<PrintLine>[] {
  return [
    { id: 'item', header: t.item, cell: (line) => line.item_name },
    { id: 'quantity', header: t.quantity, amount: true, cell: (line) => formatQuantity(line.quantity) },
    { id: 'price', header: t.unitPrice, amount: true, cell: (line) => formatDecimal(line[price]) },
    { id: 'total', header: t.total, amount: true, cell: (line) => formatDecimal(line.tot) },
  ];
}

/** Net = gross − discount, exactly (the money module). */
function netOf(d: { tot_pr: string; discount: string }) {
  return toMoneyString(subtractMoney(parseMoney(d.tot_pr) ?? money(0n), parseMoney(d.discount) ?? money(0n)));
}
