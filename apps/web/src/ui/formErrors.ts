import type { z } from 'zod';

/** The first Arabic message per field of a failed contract parse (the same schema the server validates with). */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}
