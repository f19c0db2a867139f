// @vitest-environment happy-dom
import { Id, messagesAr, type SubAccount } from '@mizan/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../app/api.ts';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { PartyField } from './PartyField.tsx';

const party = (id: number, sub_name: string, sub_code: string | null): SubAccount => ({
  id,
  store_id: 1,
  ac_id: 1,
  ac_name: 'العملاء',
  sub_name,
  sub_code,
  sub_type: 'debit',
  sub_balance: '0',
  cat_id: null,
  cat_name: null,
  phone: null,
  address: null,
  role: null,
  current_balance: '150.00',
  balance_type: 'debit',
  account_type: 'asset',
  parent_id: null,
});
const parties = [party(7, 'محمد عثمان للتجارة', '102'), party(8, 'ورشة النيل', '1020'), party(9, 'مؤسسة الأمل', null)];

/** The server of these tests: the store's party names, and one party's balance by its id. */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/sub_accounts/getAccountBalance'))
        return Response.json({ data: parties.filter((p) => p.id === Number(url.searchParams.get('account_id'))) });
      return Response.json({
        data: parties.map(({ id, sub_name, sub_code, ac_id }) => ({ id, sub_name, sub_code, ac_id })),
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Values = { cust_id: number | undefined };
const Body = z.object({ cust_id: Id });
const schema = contractForm((values: Values) => values, Body);

function PartyForm({ onSave, refuseWith }: { onSave: (body: z.output<typeof Body>) => void; refuseWith?: unknown }) {
  const form = useContractForm(schema, { cust_id: undefined });
  return (
    <form
      onSubmit={form.handleSubmit((body) => {
        if (refuseWith) showServerErrors(form, refuseWith);
        else onSave(body);
      })}
    >
      <PartyField control={form.control} name="cust_id" label="حساب العميل" storeId={1} party="customer" />
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
/** The list has arrived once the datalist offers the parties. */
const listArrived = (container: HTMLElement) =>
  waitFor(() => expect(container.querySelectorAll('datalist option')).toHaveLength(parties.length));

describe('the party field', () => {
  it('chooses a party by its name and saves its id', async () => {
    const onSave = vi.fn();
    const { container, getByText, getByTestId } = renderForm({ onSave });
    await listArrived(container);
    await typeParty(container, 'محمد عثمان للتجارة');
    // The chosen party's balance, read alone.
    await waitFor(() => expect(getByTestId('party-balance').textContent).toContain('150.00'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 7 }));
  });

  it('chooses a party by its code (1020 passes 102, another party’s code, on the way)', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await listArrived(container);
    await typeParty(container, '1020');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
  });

  it('chooses a party by its code typed in Arabic-Indic digits, and shows its name once the field is left', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await listArrived(container);
    // "١٠٢" is 102: the first party's code, not the second's 1020.
    const input = await typeParty(container, '١٠٢');
    fireEvent.blur(input);
    expect(input.value).toBe('محمد عثمان للتجارة — 102');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 7 }));
  });

  it('chooses a party picked from the list by its full label (name — code)', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await listArrived(container);
    const input = container.querySelector('input[name="customer"]') as HTMLInputElement;
    // Picking an option of the list puts its whole label in the field at once.
    fireEvent.change(input, { target: { value: 'ورشة النيل — 1020' } });
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cust_id: 8 }));
  });

  it('a party not chosen is refused on the field in Arabic with the focus in it, and nothing is saved', async () => {
    const onSave = vi.fn();
    const { container, getByText } = renderForm({ onSave });
    await listArrived(container);
    await typeParty(container, 'زبون لا يوجد');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container)).toBe('حساب العميل مطلوب'));
    expect(onSave).not.toHaveBeenCalled();
    // The form puts the focus back in the party to correct it.
    expect(document.activeElement).toBe(container.querySelector('input[name="customer"]'));
  });

  it('the server’s field error shows on the party in Arabic', async () => {
    const refusal = new ApiError(400, 'NOT_A_CUSTOMER', messagesAr.NOT_A_CUSTOMER, { cust_id: 'NOT_A_CUSTOMER' });
    const { container, getByText } = renderForm({ onSave: vi.fn(), refuseWith: refusal });
    await listArrived(container);
    await typeParty(container, 'مؤسسة الأمل');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container)).toBe(messagesAr.NOT_A_CUSTOMER));
  });
});
