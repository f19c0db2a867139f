import { normalizeNumberInput } from '@mizan/contract';
import { formatDecimal } from '../../app/format.ts';
import { Segmented } from '../../ui/Segmented.tsx';
import type { TypedChoice } from '../../ui/typedChoice.ts';
import { CustomerPicker } from '../invoices/CustomerPicker.tsx';
import type { figures } from '../invoices/invoiceForm.ts';
import { salesText } from '../invoices/salesText.ts';
import type { PayMethod } from './posCart.ts';
import { posText as text } from './posText.ts';

type Figures = ReturnType<typeof figures>;

/** The cart's totals: before and after the discount, and the VAT with the total it makes when the company charges it. */
export function PosTotals({ f, vatCharged }: { f: Figures; vatCharged: boolean }) {
  return (
    <dl className="pos-totals" data-testid="pos-totals">
      <dt>{text.total}</dt>
      <dd>
        <bdi className="num" data-testid="pos-total">
          {formatDecimal(f.tot_pr)}
        </bdi>
      </dd>
      <dt>{text.net}</dt>
      <dd>
        <bdi className="num pos-net" data-testid="pos-net">
          {formatDecimal(f.net)}
        </bdi>
      </dd>
      {vatCharged && (
        <>
          <dt>{salesText.vat}</dt>
          <dd>
            <bdi className="num" data-testid="pos-vat">
              {formatDecimal(f.taxTot)}
            </bdi>
          </dd>
          <dt>{salesText.totalWithVat}</dt>
          <dd>
            <bdi className="num pos-net" data-testid="pos-total-with-vat">
              {formatDecimal(f.totalWithVat)}
            </bdi>
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * How the sale is paid: cash (what was handed over, and the change), card, or credit to a chosen customer (what is
 * paid now, and what remains); then one tap to save, with or without the receipt, and the last sale's number.
 */
export function PosPayment({
  storeId,
  f,
  method,
  onMethod,
  customerId,
  onCustomer,
  typedParty,
  received,
  onReceived,
  busy,
  onPay,
  lastSale,
}: {
  storeId: number;
  f: Figures;
  method: PayMethod;
  onMethod: (method: PayMethod) => void;
  /** The chosen customer of a credit sale (undefined: none yet, or the walk-in customer). */
  customerId: number | undefined;
  onCustomer: (id: number | undefined) => void;
  /** Filled while the customer's typed name names no one yet: the payment awaits it. */
  typedParty: TypedChoice;
  received: string;
  onReceived: (received: string) => void;
  busy: boolean;
  onPay: (print: boolean) => void;
  lastSale: { ref: string; change: string } | undefined;
}) {
  return (
    <>
      <Segmented
        label={text.payMethod}
        className="pos-methods"
        value={method}
        options={[
          { value: 'cash', label: text.cash },
          { value: 'card', label: text.card },
          { value: 'credit', label: text.credit },
        ]}
        onChange={onMethod}
      />
      {method === 'credit' && (
        <div className="pos-customer">
          <CustomerPicker
            storeId={storeId}
            only="customer"
            party="customer"
            label={text.customer}
            value={customerId}
            onChange={onCustomer}
            typedParty={typedParty}
          />
        </div>
      )}
      {method === 'card' && <p className="pos-note">{text.cardToBank}</p>}
      {method !== 'card' && (
        <div className="pos-received">
          <label className="field grow">
            <span>{method === 'cash' ? text.received : text.paidNow}</span>
            <input
              className="plain-input pos-touch pos-amount"
              name="received"
              data-testid="pos-received"
              inputMode="decimal"
              dir="ltr"
              value={received}
              placeholder={method === 'cash' ? formatDecimal(f.totalWithVat || f.net) : '0'}
              onChange={(e) => onReceived(normalizeNumberInput(e.target.value))}
            />
          </label>
          {method === 'cash' && (
            <button type="button" className="plain-button outline pos-touch pos-exact" onClick={() => onReceived('')}>
              {text.exact}
            </button>
          )}
        </div>
      )}
      <dl className="pos-totals">
        {method === 'cash' && (
          <>
            <dt>{text.change}</dt>
            <dd>
              <bdi className="num pos-change" data-testid="pos-change">
                {formatDecimal(f.changeDue || '0')}
              </bdi>
            </dd>
          </>
        )}
        {method === 'credit' && (
          <>
            <dt>{text.remaining}</dt>
            <dd>
              <bdi className="num" data-testid="pos-remaining">
                {formatDecimal(f.changee)}
              </bdi>
            </dd>
          </>
        )}
      </dl>
      <div className="pos-pay">
        <button
          type="button"
          className="plain-button pos-touch pos-pay-main"
          data-testid="pos-pay-print"
          disabled={busy}
          onClick={() => onPay(true)}
        >
          {busy ? text.saving : text.payPrint}
        </button>
        <button
          type="button"
          className="plain-button outline pos-touch"
          data-testid="pos-pay"
          disabled={busy}
          onClick={() => onPay(false)}
        >
          {text.payOnly}
        </button>
      </div>
      {lastSale && (
        <p className="pos-last" data-testid="pos-last" aria-live="polite">
          {text.lastSale}: <bdi className="num">{lastSale.ref}</bdi>
          {lastSale.change && (
            <>
              {' — '}
              {text.lastChange}: <bdi className="num">{formatDecimal(lastSale.change)}</bdi>
            </>
          )}
        </p>
      )}
    </>
  );
}
