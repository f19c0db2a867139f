import type { PartySide } from '@mizan/contract';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import type { TypedChoice } from '../../ui/typedChoice.ts';
import { CustomerPicker } from './CustomerPicker.tsx';

/**
 * The party kind of the form layer: a customer's or supplier's account (its id) chosen by name or code, as the
 * invoice's picker chooses it, with the field's error (the schema's or the server's, `cust_id: NOT_A_CUSTOMER`)
 * in words under it. A separate file from the picker, so the sales screen (which keeps its own state) loads no
 * react-hook-form.
 */
export function PartyField<Values extends FieldValues>({
  control,
  name,
  label,
  storeId,
  party,
  typedParty,
}: {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  label: string;
  storeId: number;
  /** Offers to add a new party of this kind; a filter leaves it out. */
  party?: PartySide;
  /** Filled while a typed text names no party yet: the form's save awaits it before it validates. */
  typedParty?: TypedChoice;
}) {
  const { field, fieldState } = useController({ control, name });
  // A party not chosen reads as one (the id's own check would say "not a number").
  const code = field.value === undefined ? 'REQUIRED' : fieldState.error?.message;
  const error = fieldState.error && wordFieldError(code, label);
  return (
    // The form focuses the picker's input when the party is refused (the picker itself takes no ref).
    <div ref={(wrapper) => field.ref(wrapper?.querySelector('input'))}>
      <CustomerPicker
        storeId={storeId}
        label={label}
        party={party}
        value={field.value}
        onChange={field.onChange}
        typedParty={typedParty}
      />
      {error && (
        <small className="field-error" data-field-error={name}>
          {error}
        </small>
      )}
    </div>
  );
}
