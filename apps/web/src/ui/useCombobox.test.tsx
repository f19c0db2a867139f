// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comboboxOf, ResultList } from './ResultList.tsx';
import { namedExactly, searchTermOf } from './typedChoice.ts';
import { useCombobox } from './useCombobox.ts';

type Row = { id: number; sub_name: string; sub_code: string | null };
const rows: Row[] = [
  { id: 1, sub_name: 'قرطاسية أولى', sub_code: '11' },
  { id: 2, sub_name: 'قرطاسية ثانية', sub_code: '12' },
  { id: 3, sub_name: 'قرطاسية ثالثة', sub_code: null },
];
const find = async (term: string) => rows.filter((row) => row.sub_name.includes(term));

/** The least a picker brings: a search over three rows, and the chosen one found among them. */
function Picker({ onChange }: { onChange: (id: number | undefined) => void }) {
  const [value, setValue] = useState<number>();
  const combobox = useCombobox({
    value,
    onChange: (id) => {
      setValue(id);
      onChange(id);
    },
    searchQuery: (term) => ({ queryKey: ['rows', term], queryFn: () => find(term), enabled: term !== '' }),
    fetchSearch: find,
    chosenOf: (lastSeen) => rows.find((row) => row.id === value) ?? lastSeen,
    matchOf: (text) => rows.find(namedExactly(text)),
    namedBy: namedExactly,
  });
  return (
    <div>
      <input name="row" {...comboboxOf('rows', combobox.results, combobox.active)} {...combobox.input} />
      <ResultList
        listId="rows"
        results={combobox.results}
        active={combobox.active}
        onPick={combobox.pick}
        name={(row) => row.sub_name}
        code={(row) => row.sub_code}
      />
    </div>
  );
}

function renderPicker() {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Picker onChange={onChange} />
    </QueryClientProvider>,
  );
  return { ...view, onChange };
}

afterEach(cleanup);

const fieldOf = (container: HTMLElement) => container.querySelector('input[name="row"]') as HTMLInputElement;
const press = (container: HTMLElement, key: string) =>
  act(async () => {
    fireEvent.keyDown(fieldOf(container), { key });
  });
const highlighted = (container: HTMLElement) =>
  container.querySelector('[role="option"][aria-selected="true"] bdi')?.textContent;
const listed = (container: HTMLElement) =>
  container.querySelectorAll('[role="listbox"]:not([hidden]) [role="option"]').length;

async function typeAndWait(container: HTMLElement, text: string) {
  await act(async () => {
    fireEvent.change(fieldOf(container), { target: { value: text } });
  });
  await waitFor(() => expect(listed(container)).toBe(3));
}

describe('the search pickers’ combobox', () => {
  it('↓ and ↑ move the highlight and stop at either end of the suggestions, never wrapping', async () => {
    const { container } = renderPicker();
    await typeAndWait(container, 'قرطاسية');
    expect(highlighted(container)).toBe('قرطاسية أولى');
    await press(container, 'ArrowUp');
    expect(highlighted(container)).toBe('قرطاسية أولى');
    for (const _ of rows) await press(container, 'ArrowDown');
    expect(highlighted(container)).toBe('قرطاسية ثالثة');
    await press(container, 'ArrowDown');
    expect(highlighted(container)).toBe('قرطاسية ثالثة');
    await press(container, 'ArrowUp');
    expect(highlighted(container)).toBe('قرطاسية ثانية');
    expect(fieldOf(container).getAttribute('aria-activedescendant')).toBe('rows-1');
  });

  it('Enter picks the highlighted suggestion, closes the list and shows "name — code"', async () => {
    const { container, onChange } = renderPicker();
    await typeAndWait(container, 'قرطاسية');
    await press(container, 'ArrowDown');
    await press(container, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(fieldOf(container).value).toBe('قرطاسية ثانية — 12');
    expect(listed(container)).toBe(0);
    expect(fieldOf(container).getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter without moving picks the first suggestion', async () => {
    const { container, onChange } = renderPicker();
    await typeAndWait(container, 'قرطاسية');
    await press(container, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(fieldOf(container).value).toBe('قرطاسية أولى — 11');
  });

  it('Escape closes the suggestions and goes no further (a dialog around the field stays open)', async () => {
    const { container } = renderPicker();
    const around = vi.fn();
    document.body.addEventListener('keydown', around);
    await typeAndWait(container, 'قرطاسية');
    await press(container, 'Escape');
    expect(listed(container)).toBe(0);
    expect(around).not.toHaveBeenCalled();
    // With the list closed, Escape is the dialog's again.
    await press(container, 'Escape');
    expect(around).toHaveBeenCalledTimes(1);
    document.body.removeEventListener('keydown', around);
  });

  it('↓ on a closed list opens it again on what the field shows', async () => {
    const { container } = renderPicker();
    await typeAndWait(container, 'قرطاسية');
    await press(container, 'Escape');
    await press(container, 'ArrowDown');
    await waitFor(() => expect(listed(container)).toBe(3));
    expect(searchTermOf(fieldOf(container).value)).toBe('قرطاسية');
  });
});
