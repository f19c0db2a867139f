import { formatDecimal } from '../../app/format.ts';
import { PlainField } from '../../ui/PlainField.tsx';
import { type DraftInvoice, discountForPercent, figures } from './invoiceForm.ts';
import { salesText } from './salesText.ts';

/** Gross total, discount as % or amount, paid, remaining and next payment date. */
export function InvoiceTotals({
  invoice,
  onChange,
}: {
  invoice: DraftInvoice;
  onChange: (change: Partial<DraftInvoice>) => void;
}) {
  const f = figures(invoice);
  return (
    <div className="invoice-totals">
      <div className="total-figure">
        <span>{salesText.total}</span>
        <bdi className="num" data-testid="tot_pr">
          {formatDecimal(f.tot_pr)}
        </bdi>
      </div>
      <label className="field">
        <span>{salesText.discountPercent}</span>
        <input
          className="plain-input"
          name="discount_percent"
          inputMode="decimal"
          key={invoice.discount}
          defaultValue={f.discountPercent}
          onBlur={(e) => onChange({ discount: discountForPercent(invoice, e.target.value) })}
          onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget as HTMLInputElement).blur()}
        />
      </label>
      <label className="field">
        <span>{salesText.discount}</span>
        <input
          className="plain-input"
          name="discount"
          inputMode="decimal"
          value={invoice.discount}
          onChange={(e) => onChange({ discount: e.target.value })}
        />
      </label>
      <div className="total-figure">
        <span>{salesText.net}</span>
        <bdi className="num" data-testid="net">
          {formatDecimal(f.net)}
        </bdi>
      </div>
      <label className="field">
        <span>{salesText.paid}</span>
        <input
          className="plain-input"
          name="pay"
          inputMode="decimal"
          value={invoice.pay}
          onChange={(e) => onChange({ pay: e.target.value })}
        />
      </label>
      <div className={f.problem ? 'total-figure field-error' : 'total-figure'}>
        <span>{salesText.remaining}</span>
        <bdi className="num" data-testid="changee">
          {f.problem === 'NEGATIVE_REMAINDER'
            ? salesText.badRemainder
            : f.problem === 'DISCOUNT_EXCEEDS_TOTAL'
              ? salesText.badDiscount
              : formatDecimal(f.changee)}
        </bdi>
      </div>
      <PlainField
        label={salesText.nextPay}
        type="date"
        name="nextPay"
        value={invoice.nextPay}
        onChange={(e) => onChange({ nextPay: e.target.value })}
      />
    </div>
  );
}
