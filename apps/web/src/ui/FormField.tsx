import { IonInput, IonItem, IonNote } from '@ionic/react';
import type { ComponentProps } from 'react';

type Props = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
} & Omit<ComponentProps<typeof IonInput>, 'value' | 'onIonInput' | 'onChange' | 'label' | 'name'>;

/** A labelled input with its Arabic error beside it. Enter in a form submits it (a plain HTML form). */
export function FormField({ name, label, value, onChange, error, required, ...input }: Props) {
  return (
    <IonItem className={error ? 'ion-invalid ion-touched' : undefined}>
      <IonInput
        {...input}
        name={name}
        label={required ? `${label} *` : label}
        labelPlacement="stacked"
        value={value}
        onIonInput={(event) => onChange(String(event.detail.value ?? ''))}
        errorText={error}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <IonNote slot="helper" color="danger" className="field-error" data-field-error={name}>
          {error}
        </IonNote>
      )}
    </IonItem>
  );
}
