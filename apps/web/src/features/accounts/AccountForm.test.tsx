// @vitest-environment happy-dom
import type { SubAccount } from '@mizan/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../invoices/invoiceForm.ts';
import { AccountForm } from './AccountForm.tsx';

// Ionic's web components do not run in happy-dom; plain elements stand in for them (the browser tests run the real
// ones).
vi.mock('../../ui/ionic.ts', () => ({
  IonList: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonItem: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonNote: ({ children, ...props }: { children: ReactNode }) => <span {...props}>{children}</span>,
  IonButton: ({ children, ...props }: { children: ReactNode; type?: 'submit' }) => (
    <button {...props}>{children}</button>
  ),
  IonSelect: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonSelectOption: ({ children }: { children: ReactNode }) => <span>{children}</span>,
  IonCheckbox: () => <input type="checkbox" />,
  IonInput: ({
    name,
    value,
    onIonInput,
  }: {
    name: string;
    value: string;
    onIonInput: (event: { detail: { value: string } }) => void;
  }) => <input name={name} value={value} onChange={(e) => onIonInput({ detail: { value: e.target.value } })} />,
  useIonToast: () => [async () => {}, async () => {}],
}));

const account: SubAccount = {
  id: 41,
  store_id: 1,
  ac_id: 1,
  ac_name: 'العملاء',
  sub_name: 'ورشة الأمل',
  sub_code: '141',
  sub_type: 'debit',
  sub_balance: '250.00',
  opening_date: '2026-12-01',
  cat_id: 1,
  cat_name: 'العملاء',
  phone: null,
  address: null,
  role: null,
  current_balance: '250.00',
  balance_type: 'debit',
  account_type: 'asset',
  parent_id: null,
  price_list_id: null,
};

/** What the form sent to save, and the answer it gets (a refusal when given). */
let sent: Record<string, unknown>[] = [];
let refusal: unknown;
beforeEach(() => {
  sent = [];
  refusal = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/sub_accounts/create') || url.pathname.endsWith('/sub_accounts/update')) {
        sent.push(JSON.parse(String(init?.body)));
        if (refusal) return Response.json(refusal, { status: 409 });
        return Response.json({ data: [account] });
      }
      if (url.pathname.endsWith('/accounts/readByStore'))
        return Response.json({
          data: [
            {
              ac_id: 1,
              ac_name: 'العملاء',
              eng_name: 'Customers',
              ac_code: '1',
              ac_type: 'debit',
              statement: 'balance_sheet',
            },
          ],
        });
      return Response.json({ data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(existing?: SubAccount) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AccountForm storeId={1} account={existing} onSaved={() => {}} />
    </QueryClientProvider>,
  );
}
const dateShown = (container: HTMLElement) =>
  (container.querySelector('[data-testid="opening-date"] input[name="opening_date"]') as HTMLInputElement).value;
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

describe('the account form’s opening balance date', () => {
  it('proposes today for a new account and sends the date typed with the opening', async () => {
    const { container } = renderForm();
    expect(dateShown(container)).toBe(dayFirst(today()));
    const set = async (name: string, value: string) => {
      const input = container.querySelector(`input[name="${name}"]`) as HTMLInputElement;
      await act(async () => {
        fireEvent.change(input, { target: { value } });
      });
    };
    await set('sub_name', 'ورشة الأمل');
    await set('sub_balance', '250');
    await set('opening_date', '01/12/2026');
    await act(async () => {
      fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ sub_name: 'ورشة الأمل', sub_balance: '250.00', opening_date: '2026-12-01' });
  });

  it('shows the account’s own date, and the server’s refusal of a closed year under the date', async () => {
    refusal = {
      error: { code: 'YEAR_CLOSED', message: 'السنة المالية مقفلة', fields: { opening_date: 'OPENING_YEAR_CLOSED' } },
    };
    const { container } = renderForm(account);
    expect(dateShown(container)).toBe('01/12/2026');
    await act(async () => {
      fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 41, opening_date: '2026-12-01' });
    await waitFor(() =>
      expect(container.querySelector('[data-testid="opening-date"]')?.textContent).toContain('سنة مالية مقفلة'),
    );
  });
});
