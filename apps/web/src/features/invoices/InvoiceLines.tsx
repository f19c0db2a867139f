import { normalizeNumberInput } from '@mizan/contract';
import type { KeyboardEvent } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
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

type LineChange = (index: number, change: Partial<DraftLine>) => void;

/** The columns of the lines; the quantity and the price are inputs that change the line of their row. */
function lineColumns(onChange: LineChange): Column<DraftLine>[] {
  const numberInput = (field: 'quantity' | 'price', label: string) => (line: DraftLine, index: number) => (
    <input
      className="plain-input cell-input"
      aria-label={label}
      inputMode="decimal"
      value={line[field]}
      onChange={(e) => onChange(index, { [field]: normalizeNumberInput(e.target.value) })}
      onKeyDown={enterInLine}
    />
  );
  return [
    { id: 'no', header: salesText.no, cell: (_, index) => <bdi className="num">{index + 1}</bdi> },
    { id: 'item', header: salesText.item, cell: (line) => line.item_name },
    { id: 'quantity', header: salesText.quantity, amount: true, cell: numberInput('quantity', salesText.quantity) },
    { id: 'price', header: salesText.price, amount: true, cell: numberInput('price', salesText.price) },
    {
      id: 'total',
      header: salesText.lineTotal,
      amount: true,
      cell: (line) => {
        const total = lineAmount(line);
        return total ? formatDecimal(total) : <span className="field-error">!</span>;
      },
    },
  ];
}

/** The lines, editable in place (quantity and price); both must stay above zero. Digits of any script count. */
export function InvoiceLines({
  lines,
  onChange,
  onRemove,
}: {
  lines: DraftLine[];
  onChange: LineChange;
  onRemove: (index: number) => void;
}) {
  return (
    <DataTable
      columns={lineColumns(onChange)}
      rows={lines}
      rowKey={(line) => line.uid}
      testId="invoice-lines"
      actions={(_, index) => (
        <button
          type="button"
          className="plain-button danger"
          onClick={() => onRemove(index)}
          aria-label={salesText.remove}
        >
          ×
        </button>
      )}
    />
  );
}
