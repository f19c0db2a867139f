import type { FieldErrors } from '@mizan/contract';

/** The field errors of one record of a batch, keyed by its place in the batch (`3.part_no`), as zod keys them. */
export const fieldsOfRecord = (fields: FieldErrors | undefined, index: number): FieldErrors | undefined =>
  fields && Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${index}.${key}`, value]));
