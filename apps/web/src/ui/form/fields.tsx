import type { ComponentProps } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { type FieldDigits, FormField } from '../FormField.tsx';
import { IonCheckbox, IonItem, IonNote, IonSelect, IonSelectOption } from '../ionic.ts';
import { wordFieldError } from './fieldText.ts';

type InputProps = Omit<ComponentProps<typeof FormField>, 'name' | 'value' | 'onChange' | 'error' | 'digits'>;
type FieldProps<Values extends FieldValues> = {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  /** The input's own name where it must differ from the field's (a new user's name is not the signed-in one's). */
  inputName?: string;
} & InputProps;

/**
 * One input bound to the form: it holds the typed string and shows the field's Arabic error. The kinds below are
 * what screens use; a screen that lists its fields as data (the company's) passes `digits` itself.
 */
export function BoundInput<Values extends FieldValues>({
  control,
  name,
  inputName,
  digits,
  ...input
}: FieldProps<Values> & { digits?: FieldDigits }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField
      {...input}
      {...(digits ? { digits } : {})}
      name={inputName ?? name}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onIonBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** Free text, kept as typed (names, addresses, notes). */
export const TextField = <Values extends FieldValues>(props: FieldProps<Values>) => <BoundInput {...props} />;

/**
 * Every number a user types: an amount of money, a quantity, a percentage. Any digit set (١٢٣, ۱۲۳, 123) and the
 * Arabic decimal separator are read as typed, every keystroke kept; left to right.
 */
export const NumberField = <Values extends FieldValues>(props: FieldProps<Values>) => (
  <BoundInput {...props} digits="number" />
);
export const MoneyField = NumberField;
export const QuantityField = NumberField;

/** A code typed or scanned (barcode, part number, phone): digits converted, left to right, nothing else touched. */
export const CodeField = <Values extends FieldValues>(props: FieldProps<Values>) => (
  <BoundInput {...props} digits="code" />
);

/** A choice among a short list, its value a string (an id or a code). */
export function SelectField<Values extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  testId,
  options,
}: {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
  options: { value: string; label: string }[];
}) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <IonItem className={error ? 'ion-invalid ion-touched' : undefined}>
      <IonSelect
        label={required ? `${label} *` : label}
        labelPlacement="stacked"
        interface="popover"
        name={name}
        data-testid={testId}
        disabled={disabled}
        value={String(field.value ?? '')}
        onIonChange={(event) => field.onChange(String(event.detail.value ?? ''))}
      >
        {options.map((option) => (
          <IonSelectOption key={option.value} value={option.value}>
            {option.label}
          </IonSelectOption>
        ))}
      </IonSelect>
      {error && (
        <IonNote slot="helper" color="danger" className="field-error" data-field-error={name}>
          {wordFieldError(error, label)}
        </IonNote>
      )}
    </IonItem>
  );
}

/** A yes/no choice. */
export function CheckboxField<Values extends FieldValues>({
  control,
  name,
  label,
  disabled,
  testId,
}: {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <IonItem>
      <IonCheckbox
        data-testid={testId}
        checked={Boolean(field.value)}
        disabled={disabled}
        onIonChange={(event) => field.onChange(event.detail.checked)}
      >
        {label}
      </IonCheckbox>
    </IonItem>
  );
}
