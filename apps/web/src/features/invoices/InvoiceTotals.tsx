import { normalizeNumberInput } from '@mizan/contract';
import { formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { type DraftInvoice, figures, withDiscountPercent } from './invoiceForm.ts';
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
          dir="ltr"
          key={invoice.discount}
          defaultValue={invoice.discountPercent ?? f.discountPercent}
          onBlur={(e) => {
            // Only a typed percentage: tabbing through keeps a discount typed as an amount.
            if (e.target.value === e.target.defaultValue) return;
            const next = withDiscountPercent(invoice, e.target.value);
            if (next !== invoice) onChange({ discount: next.discount, discountPercent: next.discountPercent });
          }}
        />
      </label>
      <label className="field">
        <span>{salesText.discount}</span>
        <input
          className={f.problem === 'DISCOUNT_EXCEEDS_TOTAL' ? 'plain-input field-error' : 'plain-input'}
          aria-invalid={f.problem === 'DISCOUNT_EXCEEDS_TOTAL' || undefined}
          name="discount"
          inputMode="decimal"
          dir="ltr"
          value={invoice.discount}
          onChange={(e) => onChange({ discount: normalizeNumberInput(e.target.value), discountPercent: undefined })}
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
          dir="ltr"
          value={invoice.pay}
          onChange={(e) => onChange({ pay: normalizeNumberInput(e.target.value) })}
        />
      </label>
      {f.changeDue && (
        <div className="total-figure change-due">
          <span>{salesText.changeDue}</span>
          <bdi className="num" data-testid="change-due">
            {formatDecimal(f.changeDue)}
          </bdi>
        </div>
      )}
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
      <DateField
        label={salesText.nextPay}
        name="nextPay"
        value={invoice.nextPay}
        onChange={(nextPay) => onChange({ nextPay })}
      />
    </div>
  );
}
