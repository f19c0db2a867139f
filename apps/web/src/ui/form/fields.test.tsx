// @vitest-environment happy-dom
import { PositiveMoneyString, Text } from '@mizan/contract';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../app/api.ts';
import { CodeField, MoneyField, TextField } from './fields.tsx';
import { PlainNumberField, PlainTextField } from './plainFields.tsx';
import { contractForm, showServerErrors, useContractForm } from './useContractForm.ts';

// Ionic's web components do not run in happy-dom; plain elements stand in for them, reporting input as Ionic does
// (`ionInput` with the whole value). The browser tests run the real ones.
vi.mock('../ionic.ts', () => ({
  IonItem: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  IonNote: ({ children, ...props }: { children: ReactNode }) => <span {...props}>{children}</span>,
  IonInput: ({
    name,
    value,
    onIonInput,
  }: {
    name: string;
    value: string;
    onIonInput: (event: { detail: { value: string } }) => void;
  }) => <input name={name} value={value} onChange={(e) => onIonInput({ detail: { value: e.target.value } })} />,
}));

type Values = { name: string; price: string; code: string };
const Body = z.object({ name: Text().trim().min(1), price: PositiveMoneyString, code: z.string() });
const schema = contractForm((values: Values) => ({ ...values, name: values.name }), Body);

function PriceForm({ onSave, refuseWith }: { onSave: (body: z.output<typeof Body>) => void; refuseWith?: unknown }) {
  const form = useContractForm(schema, { name: '', price: '', code: '' });
  const { control } = form;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        if (refuseWith) showServerErrors(form, refuseWith);
        else onSave(body);
      })}
    >
      <TextField control={control} name="name" label="الاسم" />
      <MoneyField control={control} name="price" label="السعر" />
      <CodeField control={control} name="code" label="الرمز" />
      <button type="submit">حفظ</button>
    </form>
  );
}

/** Types key by key, each keystroke appended to what the field shows (as a user types). */
async function typeInto(container: HTMLElement, name: string, text: string) {
  const input = container.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  for (const key of text) {
    await act(async () => {
      fireEvent.change(input, { target: { value: input.value + key } });
    });
  }
}
const shownIn = (container: HTMLElement, name: string) =>
  (container.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;
const errorOf = (container: HTMLElement, name: string) =>
  container.querySelector(`[data-field-error="${name}"]`)?.textContent;

afterEach(cleanup);

describe('form fields over a contract schema', () => {
  it('a money field reads Arabic-Indic digits and the Arabic decimal separator, keeping every keystroke', async () => {
    const onSave = vi.fn();
    const { container, getByText } = render(<PriceForm onSave={onSave} />);
    await typeInto(container, 'name', 'زيت');
    await typeInto(container, 'price', '١٢٫٥٠');
    await typeInto(container, 'code', '٦٢٩٠AB');
    expect(shownIn(container, 'price')).toBe('12.50');
    expect(shownIn(container, 'code')).toBe('6290AB');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ name: 'زيت', price: '12.50', code: '6290AB' });
  });

  it('a refused field shows the schema’s code in Arabic words and nothing is saved; correcting it clears the message', async () => {
    const onSave = vi.fn();
    const { container, getByText } = render(<PriceForm onSave={onSave} />);
    await typeInto(container, 'price', '0');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container, 'name')).toBe('الاسم مطلوب'));
    expect(errorOf(container, 'price')).toBe('يجب أن يكون المبلغ أكبر من صفر');
    expect(onSave).not.toHaveBeenCalled();
    await typeInto(container, 'name', 'ز');
    await waitFor(() => expect(errorOf(container, 'name')).toBeUndefined());
  });

  it('the server’s field errors show on their fields', async () => {
    const refusal = new ApiError(409, 'ITEM_CODE_TAKEN', 'كود الصنف مستخدم', { code: 'ITEM_CODE_TAKEN' });
    const { container, getByText } = render(<PriceForm onSave={vi.fn()} refuseWith={refusal} />);
    await typeInto(container, 'name', 'زيت');
    await typeInto(container, 'price', '5');
    await typeInto(container, 'code', 'A1');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container, 'code')).toBe('كود الصنف مستخدم لصنف آخر في هذا المخزن'));
  });
});

function PlainPriceForm({ onSave }: { onSave: (body: z.output<typeof Body>) => void }) {
  const form = useContractForm(schema, { name: '', price: '', code: '' });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <PlainTextField control={form.control} name="name" label="الاسم" />
      <PlainNumberField control={form.control} name="price" label="السعر" />
      <button type="submit">حفظ</button>
    </form>
  );
}

describe('the invoice screens’ plain fields over a contract schema', () => {
  it('a plain number field reads Arabic-Indic digits as typed and shows its refusal in words under it', async () => {
    const onSave = vi.fn();
    const { container, getByText } = render(<PlainPriceForm onSave={onSave} />);
    fireEvent.click(getByText('حفظ'));
    // Left empty, the amount is wanted (its schema alone would say "not a valid amount").
    await waitFor(() => expect(errorOf(container, 'price')).toBe('السعر مطلوب'));
    await typeInto(container, 'price', '٠');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(errorOf(container, 'price')).toBe('يجب أن يكون المبلغ أكبر من صفر'));
    expect(errorOf(container, 'name')).toBe('الاسم مطلوب');
    await typeInto(container, 'name', 'زيت');
    await typeInto(container, 'price', '٫٥');
    expect(shownIn(container, 'price')).toBe('0.5');
    fireEvent.click(getByText('حفظ'));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ name: 'زيت', price: '0.50' });
  });
});
