// @vitest-environment happy-dom
import { Id, type ItemWithStock } from '@mizan/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contractForm, useContractForm } from '../../ui/form/useContractForm.ts';
import { ItemField } from './ItemField.tsx';

const item = (id: number, item_name: string, part_no: string, item_parcode: string | null): ItemWithStock => ({
  id,
  store_id: 1,
  catalogue_id: id,
  item_name,
  item_desc: null,
  aliasEn: null,
  part_no,
  item_parcode,
  brand: null,
  model: null,
  item_unit: null,
  min_qty: '0',
  perch_price: '10.00',
  pay_price: '15.00',
  tax: '0',
  category_id: null,
  category_name: null,
  imageUrl: null,
  dateCreated: '2026-01-01',
  quantity: '4',
  avg_cost: null,
});
const items = [
  item(1, 'زيت محرك', 'OIL-1', '6291000000011'),
  item(2, 'فلتر زيت', 'FLT-7', '6291000000028'),
  item(3, 'زيت فرامل', 'BRK-2', null),
];

/**
 * The server of these tests, as the items API answers: a search by name, code or barcode (an exact code or barcode
 * first), or one item by its id. Every request is kept, to see that the search is the server's.
 */
const requests: URL[] = [];
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string) => {
      const url = new URL(address, 'http://test');
      requests.push(url);
      const id = url.searchParams.get('id');
      if (url.pathname.endsWith('items/readItemByIdQty'))
        return Response.json({ data: items.filter((i) => i.id === Number(id)) });
      const term = url.searchParams.get('search') ?? '';
      const exact = (i: ItemWithStock) => i.part_no === term || i.item_parcode === term;
      const found = items.filter((i) => exact(i) || i.item_name.includes(term) || i.part_no?.includes(term));
      return Response.json({ data: [...found.filter(exact), ...found.filter((i) => !exact(i))] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Values = { item_id: number | undefined };
const Body = z.object({ item_id: Id });
const schema = contractForm((values: Values) => values, Body);

function ItemForm({ onSave, item_id }: { onSave: (body: z.output<typeof Body>) => void; item_id?: number }) {
  const form = useContractForm(schema, { item_id });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <ItemField control={form.control} name="item_id" label="الصنف" storeId={1} />
      <button type="submit">حفظ</button>
    </form>
  );
}

function renderForm(props: Parameters<typeof ItemForm>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ItemForm {...props} />
    </QueryClientProvider>,
  );
  return { ...view, input: view.container.querySelector('input[name="item_id"]') as HTMLInputElement };
}

async function typeInto(input: HTMLInputElement, text: string) {
  for (const key of text) {
    await act(async () => {
      fireEvent.change(input, { target: { value: input.value + key } });
    });
  }
}
const press = (input: HTMLInputElement, key: string) => act(async () => void fireEvent.keyDown(input, { key }));
const options = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="option"]')].map((o) => o.textContent);

describe('the item field', () => {
  it('chooses an item by its code with Enter, searched on the server, and shows its name and code', async () => {
    const onSave = vi.fn();
    const { input, getByText } = renderForm({ onSave });
    await typeInto(input, 'FLT-7');
    await press(input, 'Enter');
    await waitFor(() => expect(input.value).toBe('فلتر زيت — FLT-7'));
    expect(requests.some((url) => url.searchParams.get('search') === 'FLT-7')).toBe(true);
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ item_id: 2 }, expect.anything()));
  });

  it('chooses an item by a barcode typed in Arabic-Indic digits', async () => {
    const onSave = vi.fn();
    const { input, getByText } = renderForm({ onSave });
    await typeInto(input, '٦٢٩١٠٠٠٠٠٠٠١١');
    expect(input.value).toBe('6291000000011');
    await press(input, 'Enter');
    await waitFor(() => expect(input.value).toBe('زيت محرك — OIL-1'));
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ item_id: 1 }, expect.anything()));
  });

  it('chooses an item by its name from the list with the arrows and Enter', async () => {
    const onSave = vi.fn();
    const { input, container, getByText } = renderForm({ onSave });
    await typeInto(input, 'زيت');
    await waitFor(() => expect(options(container)).toHaveLength(3));
    await press(input, 'ArrowDown');
    expect(container.querySelector('[aria-selected="true"]')?.textContent).toContain('فلتر زيت');
    await press(input, 'Enter');
    expect(input.value).toBe('فلتر زيت — FLT-7');
    expect(options(container)).toHaveLength(0);
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ item_id: 2 }, expect.anything()));
  });

  it('an item chosen before (an opened record) shows its name and code, read by its id', async () => {
    const { input } = renderForm({ onSave: vi.fn(), item_id: 3 });
    await waitFor(() => expect(input.value).toBe('زيت فرامل — BRK-2'));
    expect(requests.some((url) => url.pathname.endsWith('readItemByIdQty'))).toBe(true);
  });

  it('an item not chosen is refused on the field in Arabic', async () => {
    const onSave = vi.fn();
    const { input, container, getByText } = renderForm({ onSave });
    await typeInto(input, 'لا يوجد');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() =>
      expect(container.querySelector('[data-field-error="item_id"]')?.textContent).toBe('الصنف مطلوب'),
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});
