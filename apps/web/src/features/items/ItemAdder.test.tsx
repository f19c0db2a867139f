// @vitest-environment happy-dom
import type { ItemWithStock } from '@mizan/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemAdder } from './ItemAdder.tsx';

const refused = vi.fn();
// The toast is Ionic's; what is said is what matters here.
vi.mock('../../ui/useNotify.ts', () => ({ useNotify: () => ({ refused, failed: vi.fn(), done: vi.fn() }) }));

const item = (id: number, item_name: string, part_no: string, item_parcode: string | null) =>
  ({ id, store_id: 1, catalogue_id: id, item_name, part_no, item_parcode, quantity: '4.000' }) as ItemWithStock;
const items = [item(1, 'زيت محرك', 'OIL-1', '6291000000011'), item(2, 'فلتر زيت', 'FLT-7', '6291000000028')];

beforeEach(() => {
  refused.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string) => {
      const term = new URL(address, 'http://test').searchParams.get('search') ?? '';
      const exact = (i: ItemWithStock) => i.part_no === term || i.item_parcode === term;
      const found = items.filter((i) => exact(i) || i.item_name.includes(term));
      return Response.json({ data: [...found.filter(exact), ...found.filter((i) => !exact(i))] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAdder() {
  const onAdd = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ItemAdder storeId={1} onAdd={onAdd} label="بحث" notFound="لم يوجد" testId="adder" />
    </QueryClientProvider>,
  );
  return { ...view, onAdd, input: view.getByTestId('adder') as HTMLInputElement };
}
const typeFast = (input: HTMLInputElement, text: string) =>
  act(async () => void fireEvent.change(input, { target: { value: text } }));
const press = (input: HTMLInputElement, key: string) => act(async () => void fireEvent.keyDown(input, { key }));

describe('the item adder (stock count, transfer, receipt)', () => {
  it('a scanner’s barcode and Enter, before any list has loaded, adds that item and empties the field', async () => {
    const { input, onAdd } = renderAdder();
    await typeFast(input, '٦٢٩١٠٠٠٠٠٠٠٢٨');
    expect(input.value).toBe('6291000000028');
    await press(input, 'Enter');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ id: 2, quantity: '4.000' });
    expect(input.value).toBe('');
  });

  it('a name picks from the list with Enter; a code of no item is refused in words', async () => {
    const { input, onAdd, container } = renderAdder();
    await typeFast(input, 'زيت');
    await waitFor(() => expect(container.querySelectorAll('[role="option"]')).toHaveLength(2));
    await press(input, 'Enter');
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ id: 1 });
    await typeFast(input, 'NOPE-9');
    await press(input, 'Enter');
    await waitFor(() => expect(refused).toHaveBeenCalledWith('لم يوجد'));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});
