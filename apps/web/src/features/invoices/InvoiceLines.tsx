import { normalizeNumberInput } from '@mizan/contract';
import type { KeyboardEvent } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { type DraftLine, lineAmount } from './invoiceForm.ts';
import { salesText } from './salesText.ts';

/** Enter in a line's quantity goes to its price, in its price back to the item field; it never saves. */
function enterInLine(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const input = event.currentTarget;
  const inRow = [...(input.closest('tr')?.querySelectorAll('input') ?? [])];
  const next = inRow[inRow.indexOf(input) + 1] ?? input.form?.elements.namedItem('item_search');
  if (next instanceof HTMLInputElement) {
    next.focus();
    next.select();
  }
}

/** The lines, editable in place (quantity and price); both must stay above zero. Digits of any script count. */
export function InvoiceLines({
  lines,
  onChange,
  onRemove,
}: {
  lines: DraftLine[];
  onChange: (index: number, change: Partial<DraftLine>) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="table-scroll">
      <table className="data-table invoice-lines" data-testid="invoice-lines">
        <thead>
          <tr>
            <th>{salesText.no}</th>
            <th>{salesText.item}</th>
            <th className="amount">{salesText.quantity}</th>
            <th className="amount">{salesText.price}</th>
            <th className="amount">{salesText.lineTotal}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const total = lineAmount(line);
            return (
              <tr key={line.uid}>
                <td data-label={salesText.no}>
                  <bdi className="num">{index + 1}</bdi>
                </td>
                <td data-label={salesText.item}>
                  <bdi>{line.item_name}</bdi>
                </td>
                <td data-label={salesText.quantity} className="amount">
                  <input
                    className="plain-input cell-input"
                    aria-label={salesText.quantity}
                    inputMode="decimal"
                    value={line.quantity}
                    onChange={(e) => onChange(index, { quantity: normalizeNumberInput(e.target.value) })}
                    onKeyDown={enterInLine}
                  />
                </td>
                <td data-label={salesText.price} className="amount">
                  <input
                    className="plain-input cell-input"
                    aria-label={salesText.price}
                    inputMode="decimal"
                    value={line.price}
                    onChange={(e) => onChange(index, { price: normalizeNumberInput(e.target.value) })}
                    onKeyDown={enterInLine}
                  />
                </td>
                <td data-label={salesText.lineTotal} className={total ? 'amount' : 'amount field-error'}>
                  <bdi className="num">{total ? formatDecimal(total) : '!'}</bdi>
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="plain-button danger"
                    onClick={() => onRemove(index)}
                    aria-label={salesText.remove}
                  >
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
