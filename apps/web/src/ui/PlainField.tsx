import type { InputHTMLAttributes, Ref } from 'react';

/**
 * A labelled plain input of the invoice screens: the label above, the input below. Plain inputs (not Ionic's)
 * keep the cashier's keyboard flow fast and predictable: Enter, selection and focus behave as in any form.
 * What it holds goes under the input (a bound field's error, see ui/form/plainFields.tsx).
 */
export function PlainField({
  label,
  grow = false,
  children,
  ...input
}: { label: string; grow?: boolean; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={grow ? 'field grow' : 'field'}>
      <span>{label}</span>
      <input className="plain-input" {...input} />
      {children}
    </label>
  );
}
