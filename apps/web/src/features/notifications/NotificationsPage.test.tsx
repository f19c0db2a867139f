// @vitest-environment happy-dom
import type { StockRow, TradeDocument } from '@mizan/contract';
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tableText } from '../../ui/table/tableText.ts';
import NotificationsPage from './NotificationsPage.tsx';
import { notificationsText } from './notificationsText.ts';

/**
 * A shop's year leaves hundreds of invoices with a due date still owed (the demo: 470 of customers, 110 of
 * suppliers). Drawn at once, their rows held the browser for about 8 s, so the stock alerts beside them stayed
 * empty; while the reads were on their way, every list said "none" and "(0)".
 */
const due = vi.hoisted(() => ({
  customers: { data: undefined as TradeDocument[] | undefined, isLoading: true },
  suppliers: { data: undefined as TradeDocument[] | undefined, isLoading: false },
}));
const stock = vi.hoisted(() => ({ rows: [] as StockRow[], total: 0, loading: true }));

const session = vi.hoisted(() => ({ storeId: 1, user: { permissions: [] as string[] } }));
vi.mock('../auth/AuthProvider.tsx', () => ({ useSession: () => session }));
vi.mock('../../ui/Page.tsx', () => ({ Page: ({ children }: { children: ReactNode }) => <main>{children}</main> }));
// Ionic's elements as plain tags: happy-dom cannot take their style sheets (the test reads rows, not looks).
vi.mock('../../ui/ionic.ts', () => {
  const tag =
    (name: string) =>
    ({ children, ...props }: { children?: ReactNode }) =>
      createElement(name, props, children);
  return {
    IonButton: ({ children, onClick }: { children?: ReactNode; onClick?: () => void }) => (
      <button type="button" onClick={onClick}>
        {children}
      </button>
    ),
    IonItem: tag('ion-item'),
    IonLabel: tag('ion-label'),
    IonList: tag('ion-list'),
    IonListHeader: tag('ion-list-header'),
    IonNote: tag('ion-note'),
    IonSpinner: () => createElement('ion-spinner'),
  };
});
vi.mock('./useDueInvoices.ts', () => ({ useDueInvoices: () => ({ ...due, count: 0 }) }));
vi.mock('../stock/useStock.ts', () => ({
  noStockFilters: {},
  useStockList: () => ({
    rows: stock.rows,
    total: stock.total,
    query: { isLoading: stock.loading },
    paging: { loading: false, onMore: () => {} },
  }),
}));

const invoice = (n: number) =>
  ({
    pay_id: n,
    pay_ref: `S-${n}`,
    sub_name: `عميل ${n}`,
    pay_date: '2026-03-01',
    nextPay: '2026-04-01',
    changee: '10.00',
  }) as TradeDocument;

const open = () =>
  render(
    <MemoryRouter>
      <NotificationsPage title="التنبيهات" />
    </MemoryRouter>,
  );

beforeEach(() => {
  due.customers = { data: undefined, isLoading: true };
  due.suppliers = { data: undefined, isLoading: false };
  Object.assign(stock, { rows: [], total: 0, loading: true });
  session.user.permissions = [];
});
afterEach(cleanup);

describe('the notifications', () => {
  it('say they are loading, not that there is nothing, while the reads are on their way', () => {
    due.suppliers = { data: undefined, isLoading: true };
    const page = open();
    expect(page.container.textContent).not.toContain(notificationsText.none);
    expect(page.container.textContent).not.toContain(notificationsText.noStockAlert);
    expect(page.container.textContent).not.toContain('(0)');
    expect(page.getAllByTestId('list-loading').length).toBeGreaterThanOrEqual(4);
  });

  it('draw 470 due invoices 20 at a time, with their count and "load more"', () => {
    due.customers = { data: Array.from({ length: 470 }, (_, i) => invoice(i + 1)), isLoading: false };
    due.suppliers = { data: [], isLoading: false };
    const page = open();
    const customers = page.getByTestId('due-customers');
    expect(customers.querySelectorAll('ion-item')).toHaveLength(20);
    expect(customers.textContent).toContain('(470)');
    fireEvent.click(within(customers).getByText(tableText.loadMore.more));
    expect(customers.querySelectorAll('ion-item')).toHaveLength(40);
    expect(page.getByTestId('due-suppliers').textContent).toContain(notificationsText.none);
  });

  it("offer an item's movement only to a role that may read costs (the report refused a cashier)", () => {
    Object.assign(stock, {
      rows: [{ id: 75, item_name: 'بطارية', part_no: 'G-000075', quantity: '0', min_qty: '0' } as StockRow],
      total: 1,
      loading: false,
    });
    const cashier = open();
    expect(within(cashier.getByTestId('stock-alert-zero')).queryByText(notificationsText.movement)).toBeNull();
    cleanup();
    session.user.permissions = ['readCost'];
    const keeper = open();
    within(keeper.getByTestId('stock-alert-zero')).getByText(notificationsText.movement);
  });
});
