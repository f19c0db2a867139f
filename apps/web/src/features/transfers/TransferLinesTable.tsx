import { formatQuantity } from '../../app/format.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { LineQuantityInput, lineItemColumn, lineNumberColumn } from '../items/lineColumns.tsx';
import { beyondStock, type DraftLine } from './transferLines.ts';
import { transfersText as text } from './transfersText.ts';

/** The lines of a transfer being typed: each item with what the sending store holds, its quantity typed. */
export function TransferLinesTable({
  lines,
  errors,
  onQuantity,
  onRemove,
}: {
  lines: DraftLine[];
  /** Each line's error in words, by its item id. */
  errors: Record<string, string>;
  onQuantity: (itemId: number, quantity: string) => void;
  onRemove: (itemId: number) => void;
}) {
  const columns: Column<DraftLine>[] = [
    lineNumberColumn(text.no),
    lineItemColumn(text.item),
    {
      id: 'on_hand',
      header: text.onHand,
      amount: true,
      testId: 'transfer-on-hand',
      cell: (line) => formatQuantity(line.on_hand),
    },
    {
      id: 'quantity',
      header: text.quantity,
      amount: true,
      cell: (line) => {
        const error = errors[line.item_id] ?? (beyondStock(line) ? text.shortTitle : undefined);
        return (
          <LineQuantityInput
            label={`${text.quantity} ${line.item_name}`}
            marker="quantity"
            value={line.quantity}
            error={error}
            errorTestId="transfer-line-error"
            onChange={(quantity) => onQuantity(line.item_id, quantity)}
          />
        );
      },
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={lines}
      rowKey={(line) => line.item_id}
      testId="transfer-lines"
      empty={text.empty}
      actions={(line) => (
        <button
          type="button"
          className="plain-button danger"
          onClick={() => onRemove(line.item_id)}
          aria-label={text.remove}
        >
          ×
        </button>
      )}
    />
  );
}
