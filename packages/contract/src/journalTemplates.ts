/**
 * Journal templates (api.md `j_type`, `j_typeDetails`): a template names the accounts a new journal's debit rows
 * ("من حساب") and credit rows ("الي حساب") start with, a description and a default amount.
 */
import { z } from 'zod';
import { Id } from './scope.ts';

export const JournalTemplate = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  type_name: z.string(),
  type_desc: z.string().nullable(),
  default_val: z.string(),
  default_details: z.string().nullable(),
  from_count: z.number().int(),
  to_count: z.number().int(),
  /** The first debit and credit accounts (the legacy columns). */
  debitac_id: z.number().int().nullable(),
  creditac_id: z.number().int().nullable(),
});
export type JournalTemplate = z.infer<typeof JournalTemplate>;

export const JournalTemplateAccount = z.object({
  id: z.number().int(),
  jType_id: z.number().int(),
  store_id: z.number().int(),
  ac_id: z.number().int(),
  sub_name: z.string(),
  type_ac: z.enum(['debit', 'credit']),
});
export type JournalTemplateAccount = z.infer<typeof JournalTemplateAccount>;

export const TemplateQuery = z.object({ store_id: Id.optional(), yearId: Id.optional(), year_id: Id.optional() });
