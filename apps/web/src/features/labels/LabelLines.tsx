import { type Item, labelBarcodeOf, normalizeNumberInput } from '@mizan/contract';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { countOf } from './labelSheet.ts';
import { labelsText as text } from './labelsText.ts';

/** The items to label, each with its code, its barcode (or why it has none) and how many labels to print. */
export function LabelLines({
  items,
  loading,
  typed,
  onCount,
}: {
  items: Item[];
  loading: boolean;
  typed: Record<number, string>;
  onCount: (id: number, count: string) => void;
}) {
  const columns: Column<Item>[] = [
    { id: 'item_name', header: text.item, cell: (item) => item.item_name },
    { id: 'part_no', header: text.code, cell: (item) => item.part_no ?? '' },
    {
      id: 'item_parcode',
      header: text.barcode,
      testId: 'label-line-barcode',
      cell: (item) =>
        item.item_parcode ?? (
          <span className={labelBarcodeOf(item) ? undefined : 'labels-warning'}>
            {labelBarcodeOf(item) ? text.noBarcode : text.cannotPrint}
          </span>
        ),
    },
    {
      id: 'count',
      header: text.count,
      cell: (item) => {
        const value = typed[item.id] ?? '';
        const wrong = countOf(value) === undefined;
        return (
          <>
            <input
              className="plain-input cell-input label-count-input"
              aria-label={`${text.count} ${item.item_name}`}
              data-testid="label-count"
              inputMode="numeric"
              dir="ltr"
              value={value}
              aria-invalid={wrong ? true : undefined}
              onChange={(event) => onCount(item.id, normalizeNumberInput(event.target.value))}
            />
            {wrong && <small className="field-error">{text.badCount}</small>}
          </>
        );
      },
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      testId="label-lines"
      empty={text.noItems}
      loading={loading}
    />
  );
}
