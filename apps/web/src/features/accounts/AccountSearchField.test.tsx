// @vitest-environment happy-dom
import { foldArabic, type SubAccount } from '@mizan/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdAnswers } from '../../test/holdFetch.ts';
import { useTypedChoice } from '../../ui/typedChoice.ts';
import { AccountSearchField } from './AccountSearchField.tsx';

const account = (id: number, sub_name: string, sub_code: string | null, more: Partial<SubAccount> = {}) =>
  ({
    id,
    store_id: 1,
    ac_id: 3,
    ac_name: 'المصروفات',
    sub_name,
    sub_code,
    sub_type: 'debit',
    sub_balance: '0',
    opening_date: null,
    cat_id: null,
    cat_name: null,
    phone: null,
    address: null,
    role: null,
    current_balance: `${id}0.00`,
    balance_type: 'debit',
    account_type: 'expense',
    parent_id: null,
    price_list_id: null,
    ...more,
  }) satisfies SubAccount;
const accounts = [
  account(7, 'إيجار المحل', '31'),
  account(8, 'إيجار المخزن', '312'),
  account(9, 'الكهرباء', null),
  account(10, 'الخزينة', '41', { ac_id: 4, account_type: 'asset', role: 'cash_box' }),
  ...Array.from({ length: 30 }, (_, i) => account(100 + i, `مصروف نثري ${String(i).padStart(2, '0')}`, null)),
];

/** What the server of these tests was asked: each request's path and query. */
let asked: URL[] = [];
/**
 * The server of these tests: the accounts searched as the server searches them (folded name or code holding the
 * term, the exact code first, then names starting with it), 20 to a page, and one account's balance by its id.
 */
const serve = (store: SubAccount[]) =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    if (url.pathname.endsWith('/sub_accounts/getAccountBalance'))
      return Response.json({ data: store.filter((a) => a.id === Number(url.searchParams.get('account_id'))) });
    const wanted = foldArabic(url.searchParams.get('search') ?? '');
    const only = url.searchParams.get('only');
    const rank = (a: SubAccount) => (a.sub_code === wanted ? 0 : foldArabic(a.sub_name).startsWith(wanted) ? 1 : 2);
    const found = store
      .filter((a) => only !== 'expense' || a.account_type === 'expense')
      .filter((a) => foldArabic(a.sub_name).includes(wanted) || (a.sub_code ?? '').includes(wanted))
      .sort((a, b) => rank(a) - rank(b) || (a.sub_name < b.sub_name ? -1 : 1));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return Response.json({ data: found.slice(0, pageSize), total: found.length, page: 1, pageSize });
  });
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', serve(accounts));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function AccountForm({
  initial,
  only,
  onSave,
}: {
  initial?: number;
  only?: 'expense';
  onSave: (accountId: number | undefined) => void;
}) {
  const [accountId, setAccountId] = useState(initial);
  const typedAccount = useTypedChoice();
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        // As the voucher saves: an account typed whole is found first.
        onSave(accountId ?? (await typedAccount.current?.()));
      }}
    >
      <AccountSearchField
        storeId={1}
        label="الحساب"
        name="account"
        balanceTestId="account-balance"
        only={only}
        value={accountId}
        onChange={setAccountId}
        typedAccount={typedAccount}
      />
      <button type="submit">حفظ</button>
    </form>
  );
}

function renderForm(props: Parameters<typeof AccountForm>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AccountForm {...props} />
    </QueryClientProvider>,
  );
}

const fieldOf = (container: HTMLElement) => container.querySelector('input[name="account"]') as HTMLInputElement;
async function typeKeys(container: HTMLElement, text: string) {
  for (const key of text) {
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: fieldOf(container).value + key } });
    });
  }
}
const suggestions = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="listbox"]:not([hidden]) [role="option"]')].map((o) => o.textContent);
const key = (container: HTMLElement, name: string) =>
  act(async () => {
    fireEvent.keyDown(fieldOf(container), { key: name });
  });
const chosenId = (container: HTMLElement) => fieldOf(container).dataset.accountId;
const searches = () => asked.filter((url) => url.pathname.endsWith('/sub_accounts/readWithBalance'));

describe('the account search field', () => {
  it('asks the server for what is typed once the keys stop, suggests what it finds with balances; ↓ Enter chooses, its balance shows', async () => {
    const onSave = vi.fn();
    const { container, getByTestId, getByText } = renderForm({ onSave });
    await typeKeys(container, 'ايجار');
    await waitFor(() => expect(suggestions(container)).toEqual(['إيجار المحل3170.00', 'إيجار المخزن31280.00']));
    // One search for the whole term (150 ms after the last key), of 20 at most; never the store's every account.
    expect(searches().map((url) => url.searchParams.get('search'))).toEqual(['ايجار']);
    expect(searches()[0]?.searchParams.get('pageSize')).toBe('20');
    expect(asked.some((url) => url.pathname.endsWith('/readAllStore'))).toBe(false);
    await key(container, 'ArrowDown');
    await key(container, 'ArrowDown');
    await key(container, 'Enter');
    expect(fieldOf(container).value).toBe('إيجار المخزن — 312');
    expect(chosenId(container)).toBe('8');
    expect(suggestions(container)).toEqual([]);
    await waitFor(() => expect(getByTestId('account-balance').textContent).toContain('80.00'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(8));
  });

  it('Enter chooses the first suggestion; a code typed whole in Arabic-Indic digits is chosen when its search answers', async () => {
    const { container } = renderForm({ onSave: vi.fn() });
    await typeKeys(container, 'الك');
    await waitFor(() => expect(suggestions(container)).toEqual(['الكهرباء90.00']));
    await key(container, 'Enter');
    expect(chosenId(container)).toBe('9');

    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: '٣١' } });
    });
    await waitFor(() => expect(chosenId(container)).toBe('7'));
    act(() => {
      fieldOf(container).blur();
    });
    fireEvent.blur(fieldOf(container));
    await waitFor(() => expect(fieldOf(container).value).toBe('إيجار المحل — 31'));
  });

  it('shows at most 20 suggestions; Escape closes them; `only` is asked of the server', async () => {
    const { container } = renderForm({ onSave: vi.fn(), only: 'expense' });
    await typeKeys(container, 'نثري');
    await waitFor(() => expect(suggestions(container)).toHaveLength(20));
    expect(searches().at(-1)?.searchParams.get('only')).toBe('expense');
    await key(container, 'Escape');
    expect(suggestions(container)).toEqual([]);
    // The cash box is no expense account: not found here.
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'الخزينة' } });
    });
    await waitFor(() => expect(container.textContent).toContain('لا يوجد حساب بهذا الاسم أو الرقم'));
    expect(chosenId(container)).toBe('');
  });

  it('an account typed whole and left before its search answered shows "name — code" once found', async () => {
    const letGo = holdAnswers(serve(accounts));
    const { container } = renderForm({ onSave: vi.fn() });
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'الخزينة' } });
    });
    fireEvent.blur(fieldOf(container));
    letGo();
    await waitFor(() => expect(chosenId(container)).toBe('10'));
    expect(fieldOf(container).value).toBe('الخزينة — 41');
  });

  it('an account chosen from outside (a voucher opened, a link) shows its name and balance, read by its id', async () => {
    const { container, getByTestId } = renderForm({ onSave: vi.fn(), initial: 10 });
    await waitFor(() => expect(fieldOf(container).value).toBe('الخزينة — 41'));
    expect(getByTestId('account-balance').textContent).toContain('100.00');
    expect(searches()).toEqual([]);
  });

  it('a name typed whole and saved at once, before its search answers, is saved as that account; part of one is not', async () => {
    const letGo = holdAnswers(serve(accounts));
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'إيجار المحل' } });
    });
    fireEvent.click(getByText('حفظ'));
    expect(onSave).not.toHaveBeenCalled();
    letGo();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(7));
    expect(chosenId(container)).toBe('7');

    onSave.mockClear();
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'إيجار' } });
    });
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(undefined));
  });
});
