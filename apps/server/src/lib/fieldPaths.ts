/** The field errors of one record of a batch, keyed by its place in the batch (`3.part_no`), as zod keys them. */
export const fieldsOfRecord = (fields: Record<string, string> | undefined, index: number) =>
  fields && Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${index}.${key}`, value]));
