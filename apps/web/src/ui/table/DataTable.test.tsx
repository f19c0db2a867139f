// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { tableText } from './tableText.ts';

// Ionic's web components do not run in happy-dom; plain elements stand in for the ones the table uses.
vi.mock('../ionic.ts', () => ({
  IonButton: ({ children, onClick, ...props }: { children: ReactNode; onClick?: () => void }) => (
    <button type="button" onClick={onClick} {...props}>
      {children}
    </button>
  ),
  IonIcon: () => null,
  IonSpinner: () => null,
  IonPopover: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonContent: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonList: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonItem: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonCheckbox: ({
    children,
    checked,
    onIonChange,
  }: {
    children: ReactNode;
    checked: boolean;
    onIonChange: (event: { detail: { checked: boolean } }) => void;
  }) => (
    <label>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onIonChange({ detail: { checked: e.target.checked } })}
      />
      {children}
    </label>
  ),
}));

type Row = { id: number; name: string; code: string; amount: string };
const rows: Row[] = [
  { id: 1, name: 'زيت فرامل', code: 'BRK-1', amount: '150.00' },
  { id: 2, name: 'بطارية', code: 'BAT-60', amount: '9,000.00' },
];
const columns: Column<Row>[] = [
  { id: 'name', header: 'الاسم', cell: (r) => r.name, sortBy: (r) => r.name },
  { id: 'code', header: 'الكود', cell: (r) => r.code },
  {
    id: 'amount',
    header: 'المبلغ',
    amount: true,
    cell: (r) => r.amount,
    sortBy: (r) => Number(r.amount.replace(',', '')),
  },
];
const headers = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
const firstColumn = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('DataTable', () => {
  it('a hidden column stays hidden on this device, per screen', async () => {
    const table = () => document.querySelector('[data-testid="t"]') as HTMLElement;
    const first = render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        testId="t"
        empty=""
        columnChoice={{ storageKey: 'columns:test' }}
      />,
    );
    expect(headers(table())).toEqual(['الاسم', 'الكود', 'المبلغ']);
    // The chooser is a module of its own, loaded by the tables that offer it.
    fireEvent.click(await within(first.container).findByLabelText('الكود'));
    expect(headers(table())).toEqual(['الاسم', 'المبلغ']);
    first.unmount();
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        testId="t"
        empty=""
        columnChoice={{ storageKey: 'columns:test' }}
      />,
    );
    expect(headers(table())).toEqual(['الاسم', 'المبلغ']);
    expect(localStorage.getItem('columns:test')).toBe('["code"]');
  });

  it('a paged list shows what is loaded of the total, loads more on request, and sums come from the server', () => {
    const onMore = vi.fn();
    const { getByText, getByTestId } = render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        testId="t"
        empty=""
        sums={{ label: 'الإجمالي', values: { amount: '99,999.00' }, testId: 'sums' }}
        paging={{ total: 5, loading: false, onMore }}
      />,
    );
    expect(getByText(/عرض/).textContent?.replace(/\s+/g, ' ')).toContain('عرض 2 من 5');
    fireEvent.click(getByText('تحميل المزيد'));
    expect(onMore).toHaveBeenCalledOnce();
    // The server's sum of the whole filter, not the 9,150.00 of the two rows loaded.
    expect(getByTestId('sums').textContent).toContain('99,999.00');
    // A paged list is ordered by the server: without a way to ask it, its headers do not sort.
    expect(getByTestId('t').querySelector('thead button')).toBeNull();
  });

  it('a paged list asks the server for the order of a header: amounts largest first, then smallest, then its own', () => {
    // Server-sorted columns have no browser sort key of their own.
    const serverColumns = columns.map(({ sortBy: _, ...c }) =>
      c.id === 'code' ? c : { ...c, serverSort: `by_${c.id}` },
    );
    const onSort = vi.fn();
    const table = (sort?: { key: string; order: 'asc' | 'desc' }) => (
      <DataTable
        columns={serverColumns}
        rows={rows}
        rowKey={(r) => r.id}
        testId="t"
        empty=""
        paging={{ total: 5, loading: false, onMore: vi.fn(), sort, onSort }}
      />
    );
    const { getByTestId, getByText, rerender } = render(table());
    // The code column has no server key: it cannot be sorted.
    expect([...getByTestId('t').querySelectorAll('thead button')].map((b) => b.textContent)).toEqual([
      'الاسم',
      'المبلغ',
    ]);
    fireEvent.click(getByText('المبلغ'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'by_amount', order: 'desc' });
    rerender(table({ key: 'by_amount', order: 'desc' }));
    // The rows stay as the server sent them; the header says the order they are in.
    expect(firstColumn(getByTestId('t'))).toEqual(['زيت فرامل', 'بطارية']);
    expect(getByTestId('t').querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(getByText(/المبلغ/));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'by_amount', order: 'asc' });
    rerender(table({ key: 'by_amount', order: 'asc' }));
    fireEvent.click(getByText(/المبلغ/));
    expect(onSort).toHaveBeenLastCalledWith(undefined);
    fireEvent.click(getByText(/الاسم/));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'by_name', order: 'asc' });
  });

  it('a list held whole sorts by a header, and says so to assistive technology', () => {
    const { getByTestId, getByText } = render(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} testId="t" empty="" />,
    );
    const table = getByTestId('t');
    expect(firstColumn(table)).toEqual(['زيت فرامل', 'بطارية']);
    // Amounts sort largest first, then smallest first.
    fireEvent.click(getByText('المبلغ'));
    expect(firstColumn(table)).toEqual(['بطارية', 'زيت فرامل']);
    expect(table.querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(getByText('المبلغ'));
    expect(firstColumn(table)).toEqual(['زيت فرامل', 'بطارية']);
    expect(table.querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('no rows: the empty message instead of a table', () => {
    const { queryByTestId, getByText } = render(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} testId="t" empty="لا توجد أصناف" />,
    );
    expect(queryByTestId('t')).toBeNull();
    getByText('لا توجد أصناف');
  });

  it('a list on its way says it is loading, neither an empty table nor "nothing found"', () => {
    const { queryByText, getByRole, queryByTestId } = render(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} testId="t" empty="لا توجد أصناف" loading />,
    );
    expect(queryByText('لا توجد أصناف')).toBeNull();
    expect(queryByTestId('t')).toBeNull();
    expect(getByRole('status').getAttribute('aria-label')).toBe(tableText.loading);
  });

  it('a read that was refused says why, never that there is nothing (a cashier opening the item movement)', () => {
    const refused = new ApiError(403, 'PERMISSION_DENIED', 'ليست لديك صلاحية: رؤية أسعار التكلفة والأرباح');
    const paging = { total: 0, loading: false, onMore: () => {}, error: refused };
    const { queryByText, getByRole } = render(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} testId="t" empty="لا توجد حركات" paging={paging} />,
    );
    expect(queryByText('لا توجد حركات')).toBeNull();
    expect(getByRole('alert').textContent).toBe(refused.message);
  });

  it('no rows and no empty message: the table keeps its header, as the lines of a document being filled', () => {
    const { getByTestId, container } = render(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} testId="t" />,
    );
    expect(headers(getByTestId('t'))).toEqual(['الاسم', 'الكود', 'المبلغ']);
    expect(getByTestId('t').querySelectorAll('tbody tr')).toHaveLength(0);
    expect(container.querySelector('.empty')).toBeNull();
  });
});

describe('DataTable with editable lines', () => {
  type Line = { uid: string; name: string; quantity: string };
  const lines: Line[] = [
    { uid: 'a', name: 'زيت فرامل', quantity: '1' },
    { uid: 'b', name: 'بطارية', quantity: '2' },
  ];

  /** An invoice's lines: a number per row, an input per line, a remove button; each tells which line it is. */
  function Lines({ onRemove = () => {} }: { onRemove?: (index: number) => void }) {
    const [state, setState] = useState(lines);
    const lineColumns: Column<Line>[] = [
      { id: 'no', header: 'م', cell: (_, index) => index + 1 },
      { id: 'name', header: 'الصنف', cell: (line) => line.name, sortBy: (line) => line.name },
      {
        id: 'quantity',
        header: 'الكمية',
        amount: true,
        testId: 'quantity-cell',
        cell: (line, index) => (
          <input
            aria-label="الكمية"
            value={line.quantity}
            onChange={(e) =>
              setState((all) => all.map((l, i) => (i === index ? { ...l, quantity: e.target.value } : l)))
            }
          />
        ),
      },
    ];
    return (
      <DataTable
        columns={lineColumns}
        rows={state}
        rowKey={(line) => line.uid}
        testId="lines"
        actions={(_, index) => (
          <button type="button" aria-label="حذف" onClick={() => onRemove(index)}>
            ×
          </button>
        )}
      />
    );
  }

  it('a cell knows its row: the line number, and the line its input edits', () => {
    const { getByTestId, getAllByLabelText } = render(<Lines />);
    expect(firstColumn(getByTestId('lines'))).toEqual(['1', '2']);
    fireEvent.change(getAllByLabelText('الكمية')[1] as HTMLElement, { target: { value: '7' } });
    expect(getAllByLabelText('الكمية').map((input) => (input as HTMLInputElement).value)).toEqual(['1', '7']);
  });

  it('typing in a cell keeps the same input, so the focus stays in it', () => {
    const { getAllByLabelText } = render(<Lines />);
    const input = getAllByLabelText('الكمية')[0] as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { value: '15' } });
    expect(getAllByLabelText('الكمية')[0]).toBe(input);
    expect(document.activeElement).toBe(input);
  });

  it("a row's button and a sorted row still name the line they belong to", () => {
    const onRemove = vi.fn();
    const { getByTestId, getAllByLabelText, getByText } = render(<Lines onRemove={onRemove} />);
    // Sorted by name, بطارية (the second line) comes first: its button still removes the second line.
    fireEvent.click(getByText('الصنف'));
    fireEvent.click(getAllByLabelText('حذف')[0] as HTMLElement);
    expect(onRemove).toHaveBeenCalledWith(1);
    expect(getByTestId('lines').querySelector('tbody tr td.row-actions')).not.toBeNull();
  });

  it("a column's test id marks each of its cells, and every cell carries its header for the phone's card", () => {
    const { getByTestId, getAllByTestId } = render(<Lines />);
    expect(getAllByTestId('quantity-cell')).toHaveLength(2);
    const labels = [...getByTestId('lines').querySelectorAll('tbody tr:first-child td')].map((td) =>
      td.getAttribute('data-label'),
    );
    expect(labels).toEqual(['م', 'الصنف', 'الكمية', null]);
  });
});

describe('DataTable on paper', () => {
  it('the print variant is a plain table for print.css: no scroll box, no list styles', () => {
    const { getByTestId } = render(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} testId="print" variant="print" />,
    );
    const table = getByTestId('print');
    expect(table.className).toBe('print-lines');
    expect(table.closest('.table-scroll')).toBeNull();
    // Amounts still align to the end and keep their own direction.
    expect(table.querySelector('tbody td.amount bdi.num')?.textContent).toBe('150.00');
  });

  it('on screen the table scrolls in its own box, styled as a list', () => {
    const { getByTestId } = render(
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} testId="t" empty="" />,
    );
    expect(getByTestId('t').className).toBe('data-table');
    expect(getByTestId('t').closest('.table-scroll')).not.toBeNull();
  });
});
