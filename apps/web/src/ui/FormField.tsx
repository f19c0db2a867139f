import { normalizeNumberInput, toWesternDigits } from '@mizan/contract';
import type { ComponentProps } from 'react';
import { wordFieldError } from './form/fieldText.ts';
import { IonInput, IonItem, IonNote } from './ionic.ts';

/**
 * What the field holds: a number (any digit script, ٫ and ٬, converted as typed; left to right) or a code such as
 * a barcode, a part number or a phone (digits converted, left to right). Text fields are left as typed.
 */
export type FieldDigits = 'number' | 'code';
const convert = { number: normalizeNumberInput, code: toWesternDigits, text: (typed: string) => typed };

type Props = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  digits?: FieldDigits;
} & Omit<ComponentProps<typeof IonInput>, 'value' | 'onIonInput' | 'onChange' | 'label' | 'name'>;

/** A labelled input with its Arabic error beside it. Enter in a form submits it (a plain HTML form). */
export function FormField({ name, label, value, onChange, error, required, digits, ...input }: Props) {
  return (
    <IonItem className={error ? 'ion-invalid ion-touched' : undefined}>
      <IonInput
        {...(digits ? { dir: 'ltr', ...(digits === 'number' ? { inputmode: 'decimal' as const } : {}) } : {})}
        {...input}
        name={name}
        label={required ? `${label} *` : label}
        labelPlacement="stacked"
        value={value}
        onIonInput={(event) => onChange(convert[digits ?? 'text'](String(event.detail.value ?? '')))}
        errorText={wordFieldError(error, label)}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <IonNote slot="helper" color="danger" className="field-error" data-field-error={name}>
          {wordFieldError(error, label)}
        </IonNote>
      )}
    </IonItem>
  );
}
