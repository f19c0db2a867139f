import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { errorMessage } from '../../app/api.ts';
import { IonSpinner } from '../ionic.ts';
import { LoadMore } from '../LoadMore.tsx';
import { readHiddenColumns, writeHiddenColumns } from './columnChoice.ts';
import { tableText } from './tableText.ts';

const ColumnChooser = lazy(() => import('./ColumnChooser.tsx'));

/** One column: its header, what a cell shows, and whether it is an amount (aligned to the end, isolated). */
export type Column<Row> = {
  id: string;
  header: string;
  /**
   * A string is shown isolated (`<bdi>`), so a code, an English name or a sign keeps its place in Arabic text.
   * `index` is the row's place in `rows` whatever the order shown: a line's number, the line an input edits.
   */
  cell: (row: Row, index: number) => ReactNode;
  amount?: boolean;
  /** Set as `data-testid` on each cell of the column. */
  testId?: string;
  /** A key to sort by in the browser, for lists held whole. */
  sortBy?: (row: Row) => string | number;
  /** The server's sort key of this column, for a paged list (sorted by the server across all its pages). */
  serverSort?: string;
};

/** The order a paged list is read in: a server sort key and its direction. */
export type ListSort = { key: string; order: 'asc' | 'desc' };

/** A list paged on the server: what is shown of the total, "load more", and the order the server reads it in. */
export type Paging = {
  total: number;
  loading: boolean;
  onMore: () => void;
  sort?: ListSort | undefined;
  onSort?: (sort: ListSort | undefined) => void;
  /** The read's failure (refused, or no connection): said in place of the rows, never taken for "nothing". */
  error?: unknown;
};

type Props<Row> = {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  testId: string;
  /**
   * Shown instead of the table when there is no row (and nothing is loading). Without it the table stays, header
   * and no row, as the lines of a document being filled in.
   */
  empty?: string;
  loading?: boolean;
  /** A list read whole whose read failed (a paged one brings its own, `paging.error`): said in place of the rows. */
  error?: unknown;
  /** The row's buttons, in the last column; it stays in view while the table scrolls sideways. */
  actions?: (row: Row, index: number) => ReactNode;
  /** Column choice kept on this device under this key; without it every column shows. */
  columnChoice?: { storageKey: string; defaultHidden?: string[]; label?: string };
  /** The server's sums of the whole filter (not of the loaded rows), by column id, under a label. */
  sums?: { label: string; values: Partial<Record<string, ReactNode>>; testId?: string };
  paging?: Paging;
  rowClassName?: (row: Row) => string | undefined;
  /**
   * `print`: the table on paper, styled by print.css (`.print-lines`): no scroll box that would cut a long
   * invoice, no sticky header and no phone cards.
   */
  variant?: 'screen' | 'print';
};

/** The server's order as TanStack's sorting state: the column whose server key it is. */
function toSortingState<Row>(columns: Column<Row>[], sort: ListSort | undefined): SortingState {
  const column = sort && columns.find((c) => c.serverSort === sort.key);
  return column && sort ? [{ id: column.id, desc: sort.order === 'desc' }] : [];
}

/** An empty cell stays empty, so a phone's card leaves out its line (`td:empty` in theme.css). */
const shown = (value: ReactNode, amount?: boolean) =>
  value === '' ? null : typeof value === 'string' || typeof value === 'number' ? (
    <bdi className={amount ? 'num' : undefined}>{value}</bdi>
  ) : (
    value
  );

/**
 * What stands in place of rows when there are none: why the read failed, that it is on its way, or the list's
 * "nothing found" (a list without one keeps its table, header and no row).
 */
function NoRows({ failed, loading, empty }: { failed: unknown; loading: boolean; empty: string | undefined }) {
  if (failed)
    return (
      <p className="empty refused" role="alert">
        {errorMessage(failed)}
      </p>
    );
  if (empty === undefined) return null;
  return loading ? (
    <p className="empty" role="status" aria-label={tableText.loading}>
      <IonSpinner name="dots" />
    </p>
  ) : (
    <p className="empty">{empty}</p>
  );
}

/**
 * Every table of the app (the lists, a document's editable lines, the printed lines): a table on TanStack Table
 * with a sticky header, the chosen columns, sorting of whole lists, the server's sums row and "load more"; on a
 * phone each row stacks as a card (`.data-table` in theme.css, each cell labelled by its header).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  testId,
  empty,
  loading = false,
  error,
  actions,
  columnChoice,
  sums,
  paging,
  rowClassName,
  variant = 'screen',
}: Props<Row>) {
  const [hidden, setHidden] = useState(() =>
    columnChoice ? readHiddenColumns(columnChoice.storageKey, columnChoice.defaultHidden ?? []) : [],
  );
  const [browserSorting, setBrowserSorting] = useState<SortingState>([]);
  const failed = error ?? paging?.error;
  const byId = new Map(columns.map((column) => [column.id, column]));
  // A paged list is sorted by the server: the header asks for the order, the rows come back in it.
  const serverSorting = paging?.onSort ? toSortingState(columns, paging.sort) : undefined;
  const sorting = serverSorting ?? browserSorting;
  const onSortingChange = (update: Updater<SortingState>) => {
    const next = typeof update === 'function' ? update(sorting) : update;
    if (!paging?.onSort) return setBrowserSorting(next);
    const [first] = next;
    const key = first && byId.get(first.id)?.serverSort;
    paging.onSort(key ? { key, order: first.desc ? 'desc' : 'asc' } : undefined);
  };
  const definitions: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.id,
    header: column.header,
    // TanStack sorts only columns with an accessor; a server-sorted one needs none of its own (the server orders).
    accessorFn: column.sortBy ?? (column.serverSort ? () => null : undefined),
    enableSorting: paging ? Boolean(column.serverSort && paging.onSort) : Boolean(column.sortBy),
    // Amounts start largest first, text from A (or alif); in the browser TanStack decides this from the values.
    ...(paging ? { sortDescFirst: Boolean(column.amount) } : {}),
  }));
  const columnVisibility: VisibilityState = Object.fromEntries(hidden.map((id) => [id, false]));
  const table = useReactTable({
    data: rows,
    columns: definitions,
    state: { columnVisibility, sorting },
    onSortingChange,
    manualSorting: Boolean(serverSorting),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(rowKey(row)),
  });
  const choose = (id: string, show: boolean) => {
    const next = show ? hidden.filter((key) => key !== id) : [...hidden, id];
    if (columnChoice) writeHiddenColumns(columnChoice.storageKey, next);
    setHidden(next);
  };
  const visible = table.getVisibleLeafColumns();
  const metaOf = (id: string) => byId.get(id);

  const element = (
    <table className={variant === 'print' ? 'print-lines' : 'data-table'} data-testid={testId}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  className={metaOf(header.id)?.amount ? 'amount' : undefined}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {header.column.getCanSort() ? (
                    <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                </th>
              );
            })}
            {actions && <th className="row-actions" />}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className={rowClassName?.(row.original)}>
            {row.getVisibleCells().map((cell) => {
              const column = metaOf(cell.column.id);
              // Called here, not through flexRender: a cell function made anew each render would be a new component
              // type to React, which would then remount the cell's input (and lose the focus) at every keystroke.
              return (
                <td
                  key={cell.id}
                  data-label={column?.header}
                  data-testid={column?.testId}
                  className={column?.amount ? 'amount' : undefined}
                >
                  {column && shown(column.cell(row.original, row.index), column.amount)}
                </td>
              );
            })}
            {actions && <td className="row-actions">{actions(row.original, row.index)}</td>}
          </tr>
        ))}
      </tbody>
      {sums && (
        <tfoot>
          <tr data-testid={sums.testId}>
            {visible.map((column, index) => {
              const value = sums.values[column.id];
              if (index === 0) return <th key={column.id}>{sums.label}</th>;
              return (
                <td
                  key={column.id}
                  data-label={value === undefined ? undefined : metaOf(column.id)?.header}
                  className={metaOf(column.id)?.amount ? 'amount' : undefined}
                >
                  {value === undefined ? null : shown(value, true)}
                </td>
              );
            })}
            {actions && <td />}
          </tr>
        </tfoot>
      )}
    </table>
  );

  return (
    <>
      {columnChoice && (
        <Suspense fallback={null}>
          <ColumnChooser
            columns={columns}
            hidden={hidden}
            label={columnChoice.label ?? tableText.hideColumns}
            onChoose={choose}
          />
        </Suspense>
      )}
      {rows.length === 0 && <NoRows failed={failed} loading={loading} empty={empty} />}
      {(rows.length > 0 || empty === undefined) &&
        (variant === 'print' ? element : <div className="table-scroll">{element}</div>)}
      {paging && rows.length > 0 && (
        <LoadMore shown={rows.length} total={paging.total} loading={paging.loading} onMore={paging.onMore} />
      )}
    </>
  );
}
