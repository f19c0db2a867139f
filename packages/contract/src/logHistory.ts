/**
 * The activity log's reads and the legacy write (api.md `logHistory`), and each entry as one Arabic sentence:
 * "قام أحمد بحفظ فاتورة مبيعات رقم SH-S-000001". Pure and free of the server, so the screen and the server word
 * an entry the same way.
 */
import { z } from 'zod';
import { logActionText } from './activityLog.ts';
import { OptionalDate } from './dates.ts';
import { PageQuery } from './envelope.ts';
import { Id } from './scope.ts';
import { jsonArrayOf, Text } from './text.ts';

export const LogQuery = PageQuery.extend({
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  /** Words of the sentence: the user's name, the action, the record's reference or name. */
  search: Text().trim().max(100).optional(),
  user_id: z.preprocess((value) => (value === '' ? undefined : value), Id.optional()),
  /** One action (`insert sales`). */
  typee: z.preprocess((value) => (value === '' ? undefined : value), Text().trim().max(100).optional()),
  from: OptionalDate.optional(),
  to: OptionalDate.optional(),
});
export type LogQuery = z.output<typeof LogQuery>;

export const LogEntry = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  userId: z.number().int().nullable(),
  full_name: z.string().nullable(),
  typee: z.string(),
  logToken: z.record(z.string(), z.unknown()),
  yearId: z.number().int().nullable(),
  /** `YYYY-MM-DD HH:mm:ss`, the server's local time. */
  datee: z.string(),
  /** The entry as one Arabic sentence. */
  text: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const LogPage = z.object({
  data: z.array(LogEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A row a legacy client logs: its own `typee` and the saved object as a JSON string (`logToken`). */
export const LegacyLogRow = z.object({
  typee: Text().trim().min(1).max(100),
  logToken: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value ?? {};
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : { value: parsed };
      } catch {
        return { value };
      }
    },
    z.record(z.string(), z.unknown()),
  ),
  yearId: Id.nullish(),
  store_id: Id.optional(),
});
export const CreateLogsBody = jsonArrayOf(LegacyLogRow);

/** What names the record of an entry: a document's reference, else a name the entry kept. */
const referenceKeys = ['pay_ref', 'j_ref', 'rec_ref'] as const;
const nameKeys = ['sub_name', 'item_name', 'category_name', 'user_name', 'store_name'] as const;

/** "قام {name} ب{action} رقم {ref}" or "… «{name}»". */
export function logSentence(entry: { full_name: string | null; typee: string; logToken: Record<string, unknown> }) {
  const who = entry.full_name ?? 'مستخدم محذوف';
  const token = entry.logToken;
  // Not something the user did: others guessed the user's password (the addresses that did wait, others sign in).
  if (entry.typee === 'login locked') {
    const failures = typeof token.failures === 'number' ? token.failures : undefined;
    const addresses = Array.isArray(token.addresses) ? token.addresses.filter((a) => typeof a === 'string') : [];
    return `أُوقف الدخول إلى حساب ${who} مؤقتاً من العناوين التي أخطأت في كلمة مروره${
      failures === undefined ? '' : ` (${failures} محاولة خاطئة)`
    }${addresses.length ? `: ${addresses.join('، ')}` : ''}`;
  }
  const reference = referenceKeys.map((key) => token[key]).find((value) => typeof value === 'string' && value);
  const name = nameKeys.map((key) => token[key]).find((value) => typeof value === 'string' && value);
  const subject = reference ? ` رقم ${reference}` : name ? ` «${name}»` : '';
  return `قام ${who} ب${logActionText(entry.typee)}${subject}`;
}
