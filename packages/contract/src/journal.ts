/**
 * Journals: receipt and payment vouchers and general journal entries, with the legacy field names (api.md `journal`,
 * `jdetails_from`, `jdetails_to`). A journal is a header and its lines; a line names a sub-account of the store by
 * its id (`ac_id`) and carries its amount in `debit` (a `jdetails_from` line) or `credit` (a `jdetails_to` line).
 * The server computes the totals (`j_pay`) from the lines and never reads them from a client.
 */
import { z } from 'zod';
import { NonNegativeMoneyString } from './amounts.ts';
import { IsoDate } from './dates.ts';
import { Id } from './scope.ts';
import { jsonArrayOf, optionalText, Text } from './text.ts';

const Reference = Text().trim().min(1).max(100);
const IdempotencyKey = Text().trim().min(8).max(100);
/** An amount of a line: legacy clients send 0, "0", "" or null for the side a line is not on. */
const LineAmount = z.preprocess(
  (value) => (value === null || value === undefined || value === '' ? '0' : value),
  NonNegativeMoneyString,
);

/** A journal's header as the screens (and legacy clients) send it. */
export const JournalHeaderInput = z.object({
  j_date: IsoDate,
  /** What the user wrote about it (`البيان`). */
  j_details: optionalText(1000),
  /** `سند قبض`, `سند دفع`, or the name of a journal template. */
  j_type: optionalText(200),
  /** The template's description. */
  j_desc: optionalText(1000),
  /** The voucher or invoice it belongs to. */
  invo_ref: optionalText(100),
  /** The legacy generated text "من حساب X الي حساب Y". */
  standard_details: optionalText(1000),
  yearId: Id.optional(),
  store_id: Id.optional(),
});
export type JournalHeaderInput = z.output<typeof JournalHeaderInput>;

/** One line: an account of the store and its amount on one side (the other is 0). */
export const JournalLineInput = z.object({
  ac_id: Id,
  debit: LineAmount,
  credit: LineAmount,
  /** The line's own note, shown on the account's statement (else the journal's). */
  j_desc: optionalText(1000),
});
export type JournalLineInput = z.output<typeof JournalLineInput>;

/**
 * Lines of one journal: its two sides must be equal and non-zero, checked by the rules (`checkJournal`) so that
 * every refused line is named at once; an empty list is an unbalanced journal.
 */
const JournalLines = z.array(JournalLineInput).max(500);

/** Our one-call save: `journal/createWithItems`. */
export const CreateJournalBody = z.object({
  invoice: JournalHeaderInput,
  items: JournalLines,
  /** A key the client makes for one save: sending it again (a retry) answers the first journal. */
  idempotency_key: IdempotencyKey.optional(),
});
export type CreateJournalBody = z.output<typeof CreateJournalBody>;

/** `journal/updateWithItems`: the header and every line replaced. */
export const UpdateJournalBody = z.object({
  invoice: JournalHeaderInput.extend({ j_id: Id }),
  items: JournalLines,
});
export type UpdateJournalBody = z.output<typeof UpdateJournalBody>;

export const DeleteJournalBody = z.object({ j_id: Id, j_ref: Reference.optional() });

/**
 * `journal/create` and `journal/update` of the legacy three-call save: a header without lines (they follow by
 * `jdetails_from/createMulti` and `jdetails_to/createMulti`). `j_ref` is the reference the client made up; the server
 * keeps it so lines sent by it still find their journal, and gives the journal a reference of its own. `j_pay` and
 * `user_id` are not read (the total comes from the lines, the user from the session).
 */
export const LegacyJournalHeaderBody = JournalHeaderInput.extend({ j_ref: Reference.optional() });
export type LegacyJournalHeaderBody = z.output<typeof LegacyJournalHeaderBody>;
export const LegacyJournalHeaderUpdateBody = LegacyJournalHeaderBody.extend({ j_id: Id });
export type LegacyJournalHeaderUpdateBody = z.output<typeof LegacyJournalHeaderUpdateBody>;

/** A line of `jdetails_*\/createMulti`: it names its journal by `j_id` (the create's answer) or by `j_ref`. */
export const LegacyJournalLine = JournalLineInput.extend({
  j_id: Id.optional(),
  j_ref: Reference.optional(),
  yearId: Id.optional(),
  store_id: Id.optional(),
}).refine((line) => line.j_id !== undefined || line.j_ref !== undefined, { message: 'REQUIRED', path: ['j_ref'] });
export type LegacyJournalLine = z.output<typeof LegacyJournalLine>;
export const LegacyJournalLinesBody = jsonArrayOf(LegacyJournalLine);

/** `jdetails_*\/update`: one line, by its id, with its new account and amount. */
export const LegacyJournalLineUpdateBody = JournalLineInput.extend({
  id: Id,
  j_id: Id.optional(),
  j_ref: Reference.optional(),
  yearId: Id.optional(),
  store_id: Id.optional(),
});
export type LegacyJournalLineUpdateBody = z.output<typeof LegacyJournalLineUpdateBody>;

/** The legacy deletes name the journal by reference. */
export const JournalRefQuery = z.object({
  j_ref: Reference,
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
});
export const JournalIdQuery = z.object({ j_id: Id, store_id: Id.optional() });

/** The latest journals of the year, or those of one date (`from`) or between two (`from`, `to`). */
export const JournalListQuery = z.object({
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type JournalListQuery = z.output<typeof JournalListQuery>;

export const Journal = z.object({
  j_id: z.number().int(),
  /** The server's reference, unique in the store over all years (`SH-J-000012`). */
  j_ref: z.string(),
  store_id: z.number().int(),
  yearId: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  j_date: z.string(),
  j_type: z.string().nullable(),
  j_details: z.string().nullable(),
  j_desc: z.string().nullable(),
  invo_ref: z.string().nullable(),
  standard_details: z.string().nullable(),
  /** The total of the debit side: the entry's amount once it balances. */
  j_pay: z.string(),
  /** The total of the credit side. */
  credit_total: z.string(),
  /** Whether it is in the ledger: its two sides are equal and non-zero (a legacy client's between its calls is not). */
  posted: z.boolean(),
});
export type Journal = z.infer<typeof Journal>;

export const JournalLine = z.object({
  id: z.number().int(),
  j_id: z.number().int(),
  j_ref: z.string(),
  /** `from`: a debit line (`jdetails_from`); `to`: a credit line (`jdetails_to`). */
  side: z.enum(['from', 'to']),
  ac_id: z.number().int(),
  sub_name: z.string(),
  sub_code: z.string().nullable(),
  debit: z.string(),
  credit: z.string(),
  j_desc: z.string().nullable(),
  j_type: z.string().nullable(),
  j_date: z.string(),
  store_id: z.number().int(),
  yearId: z.number().int(),
});
export type JournalLine = z.infer<typeof JournalLine>;

export const JournalWithLines = Journal.extend({ items: z.array(JournalLine) });
export type JournalWithLines = z.infer<typeof JournalWithLines>;
