import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { type DraftInvoice, lineAmount } from '../invoices/invoiceForm.ts';
import { posText as text } from './posText.ts';

/**
 * One line of the POS's cart: quantity − and +, remove, and its discount in percent, typed in place once the
 * cashier taps it (`discountPercent` is then what is typed so far).
 */
export function PosLine({
  line,
  listPrice,
  discountPercent,
  onRemove,
  onStep,
  onDiscountPercent,
  onApplyDiscount,
}: {
  line: DraftInvoice['lines'][number];
  /** The item's own price, when a discount changed the line's. */
  listPrice: string | undefined;
  discountPercent: string | undefined;
  onRemove: () => void;
  onStep: (by: 1 | -1) => void;
  onDiscountPercent: (percent: string) => void;
  onApplyDiscount: () => void;
}) {
  return (
    <li className="pos-line" data-testid="pos-line">
      <div className="pos-line-head">
        <span className="pos-line-name">{line.item_name}</span>
        <button
          type="button"
          className="pos-icon pos-touch danger"
          aria-label={text.remove}
          data-testid="pos-remove"
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      <div className="pos-line-body">
        <button
          type="button"
          className="pos-icon pos-touch"
          aria-label={text.minus}
          data-testid="pos-minus"
          onClick={() => onStep(-1)}
        >
          −
        </button>
        <bdi className="num pos-qty" data-testid="pos-qty">
          {formatQuantity(line.quantity)}
        </bdi>
        <button
          type="button"
          className="pos-icon pos-touch"
          aria-label={text.plus}
          data-testid="pos-plus"
          onClick={() => onStep(1)}
        >
          +
        </button>
        <span className="pos-line-price">
          × <bdi className="num">{formatDecimal(line.price)}</bdi>
          {listPrice && (
            <s className="num" title={text.listPrice}>
              {formatDecimal(listPrice)}
            </s>
          )}
        </span>
        <bdi className="num pos-line-total" data-testid="pos-line-total">
          {formatDecimal(lineAmount(line))}
        </bdi>
        <button
          type="button"
          className="plain-button outline pos-touch"
          data-testid="pos-discount"
          onClick={() => onDiscountPercent('')}
        >
          {text.lineDiscount}
        </button>
      </div>
      {discountPercent !== undefined && (
        <div className="pos-discount">
          <label className="field">
            <span>{text.lineDiscountOf(line.item_name)}</span>
            <input
              className="plain-input pos-touch"
              name="line_discount"
              inputMode="decimal"
              dir="ltr"
              // biome-ignore lint/a11y/noAutofocus: the cashier tapped the line's discount to type it
              autoFocus
              value={discountPercent}
              onChange={(e) => onDiscountPercent(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && onApplyDiscount()}
            />
          </label>
          <button type="button" className="plain-button pos-touch" onClick={onApplyDiscount}>
            {text.applyDiscount}
          </button>
        </div>
      )}
    </li>
  );
}
