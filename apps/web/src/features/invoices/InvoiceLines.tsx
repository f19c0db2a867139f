import { formatDecimal } from '../../app/format.ts';
import { type DraftLine, lineAmount } from './invoiceForm.ts';
import { salesText } from './salesText.ts';

/** The lines, editable in place (quantity and price); both must stay above zero. */
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
                <td data-label={salesText.item}>{line.item_name}</td>
                <td data-label={salesText.quantity} className="amount">
                  <input
                    className="plain-input cell-input"
                    aria-label={salesText.quantity}
                    inputMode="decimal"
                    value={line.quantity}
                    onChange={(e) => onChange(index, { quantity: e.target.value })}
                  />
                </td>
                <td data-label={salesText.price} className="amount">
                  <input
                    className="plain-input cell-input"
                    aria-label={salesText.price}
                    inputMode="decimal"
                    value={line.price}
                    onChange={(e) => onChange(index, { price: e.target.value })}
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
