import type { ReturnOriginal, TradeDocument } from '@mizan/contract';
import { useState } from 'react';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton } from '../../ui/ionic.ts';
import { PlainField } from '../../ui/PlainField.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { CustomerPicker } from '../invoices/CustomerPicker.tsx';
import type { ReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';
import { useOriginalChoices } from './useReturns.ts';

/**
 * The original invoice of a new return: typed by its reference (Enter shows it), or chosen among the invoices of
 * a party or a date.
 */
export function OriginalFinder({
  storeId,
  screen,
  onChosen,
}: {
  storeId: number;
  screen: ReturnScreen;
  onChosen: (payRef: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const [custId, setCustId] = useState<number | undefined>();
  const [date, setDate] = useState('');
  const choices = useOriginalChoices(storeId, screen.originalKind, custId, date);
  const columns: Column<TradeDocument>[] = [
    { id: 'ref', header: text.originalRef, cell: (d) => <bdi className="num">{d.pay_ref}</bdi> },
    { id: 'party', header: screen.partyLabel, cell: (d) => d.sub_name },
    { id: 'date', header: text.invoiceDate, cell: (d) => <bdi className="num">{formatDate(d.pay_date)}</bdi> },
    { id: 'total', header: text.total, amount: true, cell: (d) => formatDecimal(d.tot_pr) },
  ];
  const show = () => typed.trim() && onChosen(typed.trim().toUpperCase());
  return (
    <section className="return-finder" data-testid="original-finder">
      <div className="invoice-header">
        <PlainField
          label={text.originalRef}
          name="original_pay_ref"
          dir="ltr"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            show();
          }}
        />
        <IonButton onClick={show} data-testid="show-original">
          {text.show}
        </IonButton>
      </div>
      <h3>{text.findTitle}</h3>
      <div className="invoice-header">
        <CustomerPicker storeId={storeId} label={screen.partyLabel} value={custId} onChange={setCustId} />
        <DateField label={text.invoiceDate} value={date} onChange={setDate} />
      </div>
      {(custId !== undefined || date !== '') && (
        <DataTable
          columns={columns}
          rows={choices.data ?? []}
          rowKey={(d) => d.pay_id}
          testId="original-choices"
          empty={text.noInvoices}
          loading={choices.isLoading}
          error={choices.error}
          actions={(d) => (
            <IonButton size="small" fill="clear" onClick={() => onChosen(d.pay_ref)}>
              {text.choose}
            </IonButton>
          )}
        />
      )}
    </section>
  );
}

/** The chosen original: its reference, party and date, and (for a new return) a way to choose another. */
export function OriginalSummary({
  original,
  partyLabel,
  onChange,
}: {
  original: ReturnOriginal;
  partyLabel: string;
  onChange: (() => void) | undefined;
}) {
  return (
    <div className="invoice-header return-original" data-testid="return-original">
      <div className="total-figure">
        <span>{text.original}</span>
        <bdi className="num">{original.pay_ref}</bdi>
      </div>
      <div className="total-figure">
        <span>{partyLabel}</span>
        <bdi>{original.sub_name}</bdi>
      </div>
      <div className="total-figure">
        <span>{text.invoiceDate}</span>
        <bdi className="num">{formatDate(original.pay_date)}</bdi>
      </div>
      {onChange && (
        <IonButton fill="outline" onClick={onChange}>
          {text.change}
        </IonButton>
      )}
    </div>
  );
}
