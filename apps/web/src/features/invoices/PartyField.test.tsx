// @vitest-environment happy-dom
import { Id, messagesAr, type SubAccount, searchPartyNames } from '@mizan/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../app/api.ts';
import { partiesKey, queryClient } from '../../app/queryClient.ts';
import { holdAnswers } from '../../test/holdFetch.ts';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { useTypedChoice } from '../../ui/typedChoice.ts';
import { PartyField } from './PartyField.tsx';
import { salesText } from './salesText.ts';

const party = (id: number, sub_name: string, sub_code: string | null): SubAccount => ({
  id,
  store_id: 1,
  ac_id: 1,
  ac_name: 'العملاء',
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
  current_balance: '150.00',
  balance_type: 'debit',
  account_type: 'asset',
  parent_id: null,
  price_list_id: null,
});
const parties = [party(7, 'محمد عثمان للتجارة', '102'), party(8, 'ورشة النيل', '1020'), party(9, 'مؤسسة الأمل', null)];
const names = (list: SubAccount[]) =>
  list.map(({ id, sub_name, sub_code, ac_id }) => ({ id, sub_name, sub_code, ac_id }));

/** What the server of these tests was asked for: the party searches' query strings. */
let asked: URLSearchParams[] = [];
/**
 * The server of these tests: the store's parties searched as the server searches them (the contract's search over
 * the same rows), and one party's balance by its id.
 */
const serve = (store: SubAccount[]) =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/sub_accounts/getAccountBalance'))
      return Response.json({ data: store.filter((p) => p.id === Number(url.searchParams.get('account_id'))) });
    asked.push(url.searchParams);
    const search = url.searchParams.get('search');
    if (search === null) return Response.json({ data: names(store) });
    const limit = Number(url.searchParams.get('limit') ?? 20);
    return Response.json({ data: names(searchPartyNames(store, search, { limit })) });
  });
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', serve(parties));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Values = { cust_id: number | undefined };
const Body = z.object({ cust_id: Id });
const schema = contractForm((values: Values) => values, Body);

function PartyForm({
  onSave,
  refuseWith,
  chosen,
}: {
  onSave: (body: z.output<typeof Body>) => void;
  refuseWith?: unknown;
  chosen?: number;
}) {
  const form = useContractForm(schema, { cust_id: chosen });
  const typedParty = useTypedChoice();
  // As the value invoice saves: a party typed whole is found first, then the form validates.
  const validateAndSave = form.handleSubmit((body) => {
    if (refuseWith) showServerErrors(form, refuseWith);
    else onSave(body);
  });
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        await typedParty.current?.();
        await validateAndSave();
      }}
    >
      <PartyField
        control={form.control}
        name="cust_id"
        label="حساب العميل"
        storeId={1}
        party="customer"
        typedParty={typedParty}
      />
      <button type="submit">حفظ</button>
    </form>
  );
}

function renderForm(props: Parameters<typeof PartyForm>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PartyForm {...props} />
    </QueryClientProvider>,
  );
}

/** Types key by key, each keystroke appended to what the field shows (as a user types). */
async function typeParty(container: HTMLElement, text: string) {
  const input = container.querySelector('input[name="customer"]') as HTMLInputElement;
  for (const key of text) {
    await act(async () => {
      fireEvent.change(input, { target: { value: input.value + key } });
    });
  }
  return input;
}
const errorOf = (container: HTMLElement) => container.querySelector('[data-field-error="cust_id"]')?.textContent;
const fieldOf = (container: HTMLElement) => container.querySelector('input[name="customer"]') as HTMLInputElement;
/** The suggestions on show, as their names and codes read. */
const suggestions = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="listbox"]:not([hidden]) [role="option"]')].map((o) => o.textContent);
const key = (container: HTMLElement, name: string) =>
  act(async () => {
    fireEvent.keyDown(fieldOf(container), { key: name });
  });

const chosenId = (container: HTMLElement) => fieldOf(container).dataset.partyId;

describe('the party field', () => {
  it('suggests what the server finds for part of a name; ↓ and Enter choose one, whose balance shows; its id is saved', async () => {
    const onSave = vi.fn();
    const { container, getByText, getByTestId } = renderForm({ onSave });
    await typeParty(container, 'الن');
    await waitFor(() => expect(suggestions(container)).toEqual(['ورشة النيل1020']));
    // The server was asked for the term, never for the whole list.
    expect(asked.every((query) => query.get('search') !== null)).toBe(true);
    expect(asked.at(-1)?.get('search')).toBe('الن');
    await key(container, 'ArrowDown');
    await key(container, 'Enter');
    expect(fieldOf(container).value).toBe('ورشة النيل — 1020');
    expect(suggestions(container)).toEqual([]);
    // The chosen party's balance, read alone.
    await waitFor(() => expect(getByTestId('party-balance').textContent).toContain('150.00'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
  });

  it('finds a name typed with another alef and taa marbuta as haa; Enter chooses the first suggestion', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await typeParty(container, 'مؤسسه الامل');
    await waitFor(() => expect(suggestions(container)).toEqual(['مؤسسة الأمل']));
    await key(container, 'Enter');
    await waitFor(() => expect(chosenId(container)).toBe('9'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 9 }));
  });

  it('chooses a party by its code (1020 passes 102, another party’s code, on the way)', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await typeParty(container, '1020');
    await waitFor(() => expect(chosenId(container)).toBe('8'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
  });

  it('chooses a party by its code typed in Arabic-Indic digits, and shows its name once the field is left', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    // "١٠٢" is 102: the first party's code (suggested first), not the second's 1020.
    const input = await typeParty(container, '١٠٢');
    await waitFor(() => expect(suggestions(container)).toEqual(['محمد عثمان للتجارة102', 'ورشة النيل1020']));
    await waitFor(() => expect(chosenId(container)).toBe('7'));
    fireEvent.blur(input);
    expect(input.value).toBe('محمد عثمان للتجارة — 102');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 7 }));
  });

  it('a name typed whole and left before its search answered shows the full label once the party is found', async () => {
    const letGo = holdAnswers(serve(parties));
    const { container } = renderForm({ onSave: vi.fn() });
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'ورشة النيل' } });
    });
    fireEvent.blur(fieldOf(container));
    letGo();
    await waitFor(() => expect(chosenId(container)).toBe('8'));
    expect(fieldOf(container).value).toBe('ورشة النيل — 1020');
  });

  it('chooses a party whose full label (name — code) is pasted', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'ورشة النيل — 1020' } });
    });
    await waitFor(() => expect(chosenId(container)).toBe('8'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
  });

  it('shows at most 20 suggestions; ↑/↓ move within them and Escape closes them', async () => {
    const many = Array.from({ length: 30 }, (_, i) => party(100 + i, `زبون ${String(i).padStart(2, '0')}`, null));
    vi.stubGlobal('fetch', serve([...parties, ...many]));
    const { container } = renderForm({ onSave: vi.fn() });
    await typeParty(container, 'زبون');
    await waitFor(() => expect(suggestions(container)).toHaveLength(20));
    expect(suggestions(container)[0]).toBe('زبون 00');
    await key(container, 'ArrowDown');
    await key(container, 'ArrowDown');
    await key(container, 'ArrowUp');
    const field = fieldOf(container);
    expect(document.getElementById(field.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('زبون 01');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    await key(container, 'Escape');
    expect(suggestions(container)).toEqual([]);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('زبون');
  });

  it('says so when the term finds no party', async () => {
    const { container } = renderForm({ onSave: vi.fn() });
    await typeParty(container, 'لا يوجد');
    await waitFor(() => expect(container.querySelector('.party-results-empty')?.textContent).toBe(salesText.noParty));
  });

  it('a party chosen before (an invoice opened) shows its name, read by its id, though no search holds it', async () => {
    const { container } = renderForm({ onSave: vi.fn(), chosen: 9 });
    await waitFor(() => expect(fieldOf(container).value).toBe('مؤسسة الأمل'));
    expect(asked).toEqual([]);
  });

  it('offline, or when the search is not answered, suggests from the list the device kept', async () => {
    queryClient.setQueryData(partiesKey(1), names(parties));
    try {
      vi.stubGlobal('navigator', { ...navigator, onLine: false });
      const offline = renderForm({ onSave: vi.fn() });
      await typeParty(offline.container, 'عثمان');
      await waitFor(() => expect(suggestions(offline.container)).toEqual(['محمد عثمان للتجارة102']));
      expect(asked).toEqual([]);
      cleanup();
      vi.stubGlobal('navigator', { ...navigator, onLine: true });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json({ error: { code: 'INTERNAL', message: 'خطأ', fields: {} } }, { status: 500 })),
      );
      const onSave = vi.fn();
      const failing = renderForm({ onSave });
      await typeParty(failing.container, 'النيل');
      await waitFor(() => expect(suggestions(failing.container)).toEqual(['ورشة النيل1020']));
      await key(failing.container, 'Enter');
      await waitFor(() => expect(chosenId(failing.container)).toBe('8'));
      fireEvent.click(failing.getByText('حفظ'));
      await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
    } finally {
      queryClient.removeQueries({ queryKey: partiesKey(1) });
    }
  });

  it('a party not chosen is refused on the field in Arabic with the focus in it, and nothing is saved', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await typeParty(container, 'زبون لا يوجد');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container)).toBe('حساب العميل مطلوب'));
    expect(onSave).not.toHaveBeenCalled();
    // The form puts the focus back in the party to correct it.
    expect(document.activeElement).toBe(fieldOf(container));
  });

  it('a name typed whole and saved at once, before its search answers, is saved as that party; part of one is not', async () => {
    // A slow network: the searches answer only when let go.
    const letGo = holdAnswers(serve(parties));
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'ورشة النيل' } });
    });
    fireEvent.click(getByText('حفظ'));
    expect(onSave).not.toHaveBeenCalled();
    letGo();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
    expect(fieldOf(container).dataset.partyId).toBe('8');

    // Part of a name is a search, not a choice: the first of its suggestions is not saved.
    onSave.mockClear();
    await act(async () => {
      fireEvent.change(fieldOf(container), { target: { value: 'ورشة' } });
    });
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container)).toBe('حساب العميل مطلوب'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('the server’s field error shows on the party in Arabic', async () => {
    const refusal = new ApiError(400, 'NOT_A_CUSTOMER', messagesAr.NOT_A_CUSTOMER, { cust_id: 'NOT_A_CUSTOMER' });
    const { container, getByText } = renderForm({ onSave: vi.fn(), refuseWith: refusal });
    await typeParty(container, 'مؤسسة الأمل');
    await waitFor(() => expect(chosenId(container)).toBe('9'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container)).toBe(messagesAr.NOT_A_CUSTOMER));
  });
});
