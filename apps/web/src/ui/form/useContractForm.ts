import '../../app/zodCodes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldErrors } from '../../app/api.ts';

/**
 * The contract's schema seen from a form. A form holds what was typed (every field a string, so nothing is
 * converted under the user's fingers); `toBody` makes the request body of it, and the contract's schema, the
 * one the server validates with, checks that body. Its issues carry the body's field names, which are the form's.
 */
export const contractForm = <Values extends FieldValues, Input, Output>(
  toBody: (values: Values) => Input,
  schema: z.ZodType<Output, Input>,
): z.ZodType<Output, Values> =>
  z
    .custom<Values>()
    .transform((values): unknown => toBody(values))
    // The body's type was checked at `toBody`; zod's pipe cannot relate a generic input to its own.
    .pipe(schema as z.ZodType<Output, unknown>);

/**
 * A react-hook-form form over a contract schema: `handleSubmit` hands over the checked body, and each field
 * shows its Arabic message (the schema's, then the server's through `showServerErrors`).
 */
export function useContractForm<Values extends FieldValues, Body>(
  schema: z.ZodType<Body, Values>,
  defaultValues: Values,
): UseFormReturn<Values, unknown, Body> {
  return useForm<Values, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as never,
    // Checked on save, then again as the user corrects a field.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The server's field errors (a refused save) shown on the form's fields; the toast says the message too. */
export function showServerErrors<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  error: unknown,
) {
  for (const [name, message] of Object.entries(fieldErrors(error))) {
    if (name in form.getValues()) form.setError(name as Path<Values>, { type: 'server', message });
  }
}
