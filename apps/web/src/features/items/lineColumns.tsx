/**
 * What the screens that type quantities per item line share (the stock count, the transfer, the receipt of a
 * transfer): the line's number, the item with its code, and a quantity typed in the line with its error under it,
 * Enter going on to the next line's quantity and from the last back to the item search (the next scan).
 */
import { normalizeNumberInput } from '@mizan/contract';
import type { KeyboardEvent } from 'react';
import type { Column } from '../../ui/table/DataTable.tsx';

/** Enter in a line's quantity (`selector` finds the screen's) goes to the next line's, then to the item search. */
export function enterToNextLine(event: KeyboardEvent<HTMLInputElement>, selector: string) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const inputs = [...(event.currentTarget.form?.querySelectorAll<HTMLInputElement>(selector) ?? [])];
  const next =
    inputs[inputs.indexOf(event.currentTarget) + 1] ?? event.currentTarget.form?.elements.namedItem('item_search');
  if (next instanceof HTMLInputElement) {
    next.focus();
    next.select();
  }
}

export const lineNumberColumn = <Row,>(header: string): Column<Row> => ({
  id: 'no',
  header,
  cell: (_, index) => <bdi className="num">{index + 1}</bdi>,
});

export const lineItemColumn = <Row extends { item_name: string; part_no: string | null }>(
  header: string,
): Column<Row> => ({
  id: 'item',
  header,
  cell: (line) => (
    <>
      {line.item_name} {line.part_no && <bdi className="num">{line.part_no}</bdi>}
    </>
  ),
});

/**
 * A line's quantity input: `marker` names the screen's inputs (`data-<marker>`, which Enter walks), digits of any
 * script are read as Western ones, the error shows under it.
 */
export function LineQuantityInput({
  label,
  marker,
  value,
  error,
  errorTestId,
  onChange,
}: {
  label: string;
  marker: string;
  value: string;
  error: string | undefined;
  errorTestId: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <input
        className="plain-input cell-input"
        aria-label={label}
        {...{ [`data-${marker}`]: true }}
        inputMode="decimal"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(normalizeNumberInput(e.target.value))}
        onKeyDown={(e) => enterToNextLine(e, `input[data-${marker}]`)}
      />
      {error && (
        <small className="field-error" data-testid={errorTestId}>
          {error}
        </small>
      )}
    </>
  );
}
