import { normalizeNumberInput } from '@mizan/contract';
import type { InputHTMLAttributes } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { DateField } from '../DateField.tsx';
import { PlainField } from '../PlainField.tsx';
import { wordFieldError } from './fieldText.ts';

/**
 * The form layer's kinds in the invoice screens' look: a `PlainField` (not Ionic's item) bound to the form, its
 * error in words under it. Kept apart from `fields.tsx`, whose Ionic select and checkbox these screens do not load.
 */
type PlainProps<Values extends FieldValues> = {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  label: string;
  grow?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur'>;

const FieldError = ({ name, error }: { name: string; error: string | undefined }) =>
  error ? (
    <small className="field-error" data-field-error={name}>
      {error}
    </small>
  ) : null;

function PlainInput<Values extends FieldValues>({
  control,
  name,
  label,
  convert,
  ...input
}: PlainProps<Values> & { convert: (typed: string) => string }) {
  const { field, fieldState } = useController({ control, name });
  // Left empty, any refusal means the field is wanted ("the total is required", not "enter a valid amount").
  const code = field.value === '' && fieldState.error ? 'REQUIRED' : fieldState.error?.message;
  const error = wordFieldError(code, label);
  return (
    <PlainField
      label={label}
      {...input}
      ref={field.ref}
      name={name}
      value={String(field.value ?? '')}
      onChange={(e) => field.onChange(convert(e.target.value))}
      onBlur={field.onBlur}
      aria-invalid={error ? true : undefined}
    >
      <FieldError name={name} error={error} />
    </PlainField>
  );
}

/** Free text, kept as typed (a note, a reason). */
export const PlainTextField = <Values extends FieldValues>(props: PlainProps<Values>) => (
  <PlainInput {...props} convert={(typed) => typed} />
);

/**
 * An amount or a quantity: any digit set (١٢٣, ۱۲۳) and the Arabic decimal separator read as typed, every keystroke
 * kept; left to right.
 */
export const PlainNumberField = <Values extends FieldValues>(props: PlainProps<Values>) => (
  <PlainInput inputMode="decimal" dir="ltr" {...props} convert={normalizeNumberInput} />
);

/** A date (ISO in the form, "" when empty), typed day first or picked from the calendar. */
export function PlainDateField<Values extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  label: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    // The date's own label is its field: the error sits under it.
    <div>
      <DateField label={label} name={name} value={String(field.value ?? '')} onChange={field.onChange} />
      <FieldError name={name} error={wordFieldError(fieldState.error?.message, label)} />
    </div>
  );
}
