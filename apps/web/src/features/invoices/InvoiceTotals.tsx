import { messagesAr, normalizeNumberInput } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { type DraftInvoice, figures, paysNet, withDiscountPercent, withPay } from './invoiceForm.ts';
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
  // The % as the cashier types it (held while the field has the focus); the amount follows each key. The field
  // typed last holds: an amount typed is never replaced by a % left in this field (a stale 10 % applied on Tab).
  const [typedPercent, setTypedPercent] = useState<string>();
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
          value={typedPercent ?? invoice.discountPercent ?? f.discountPercent}
          onFocus={(e) => e.target.select()}
          onChange={(e) => {
            const typed = normalizeNumberInput(e.target.value);
            setTypedPercent(typed);
            const next = withDiscountPercent(invoice, typed);
            if (next !== invoice) onChange({ discount: next.discount, discountPercent: next.discountPercent });
          }}
          onBlur={() => setTypedPercent(undefined)}
        />
      </label>
      <label className="field">
        <span>
          {salesText.discount}
          <kbd>F4</kbd>
        </span>
        <input
          className={f.problem === 'DISCOUNT_EXCEEDS_TOTAL' ? 'plain-input field-error' : 'plain-input'}
          aria-invalid={f.problem === 'DISCOUNT_EXCEEDS_TOTAL' || undefined}
          name="discount"
          inputMode="decimal"
          dir="ltr"
          value={invoice.discount}
          onFocus={(e) => e.target.select()}
          onChange={(e) => onChange({ discount: normalizeNumberInput(e.target.value), discountPercent: undefined })}
        />
      </label>
      <div className="total-figure">
        <span>{salesText.net}</span>
        <bdi className="num" data-testid="net">
          {formatDecimal(f.net)}
        </bdi>
      </div>
      {invoice.vat?.charged && (
        <>
          <div className="total-figure">
            <span>{salesText.vat}</span>
            <bdi className="num" data-testid="taxTot">
              {formatDecimal(f.taxTot)}
            </bdi>
          </div>
          <div className="total-figure">
            <span>{salesText.totalWithVat}</span>
            <bdi className="num" data-testid="total_with_vat">
              {formatDecimal(f.totalWithVat)}
            </bdi>
          </div>
        </>
      )}
      <label className="field">
        <span>
          {salesText.paid}
          <kbd>F8</kbd>
        </span>
        <input
          className={f.walkInUnpaid ? 'plain-input field-error' : 'plain-input'}
          aria-invalid={f.walkInUnpaid || undefined}
          name="pay"
          inputMode="decimal"
          dir="ltr"
          // A cash sale's paid amount follows the net until the cashier types another.
          value={paysNet(invoice) ? f.paid : invoice.pay}
          onFocus={(e) => e.target.select()}
          onChange={(e) => onChange(withPay(invoice, e.target.value))}
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
      <div className={f.problem || f.walkInUnpaid ? 'total-figure field-error' : 'total-figure'}>
        <span>{salesText.remaining}</span>
        <bdi className="num" data-testid="changee">
          {f.problem === 'NEGATIVE_REMAINDER'
            ? salesText.badRemainder
            : f.problem === 'DISCOUNT_EXCEEDS_TOTAL'
              ? salesText.badDiscount
              : formatDecimal(f.changee)}
        </bdi>
        {f.walkInUnpaid && <small data-testid="walk-in-unpaid">{messagesAr.WALK_IN_UNPAID}</small>}
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
