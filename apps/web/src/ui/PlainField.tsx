import type { InputHTMLAttributes } from 'react';

/**
 * A labelled plain input of the invoice screens: the label above, the input below. Plain inputs (not Ionic's)
 * keep the cashier's keyboard flow fast and predictable: Enter, selection and focus behave as in any form.
 */
export function PlainField({
  label,
  grow = false,
  ...input
}: { label: string; grow?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={grow ? 'field grow' : 'field'}>
      <span>{label}</span>
      <input className="plain-input" {...input} />
    </label>
  );
}
