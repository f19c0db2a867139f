/**
 * The journal form, pure: rows on two sides (debit, credit) ⇄ the one-call save's body, the
 * sides' totals and whether it may be saved (both sides equal and non-zero, every row with an account and an
 * amount), by the contract's rule (`isPostable`), as the server checks it.
 */
import {
  type CreateJournalBody,
  isPostable,
  type JournalTemplate,
  type JournalTemplateAccount,
  type JournalWithLines,
  journalTotals,
  normalizeNumberInput,
  parseMoney,
  subtractMoney,
  toMoneyString,
} from '@mizan/contract';

export type JournalRow = { key: number; ac_id: number | undefined; amount: string };
export type JournalForm = {
  j_date: string;
  j_type: string;
  j_desc: string;
  j_details: string;
  invo_ref: string;
  debit: JournalRow[];
  credit: JournalRow[];
};

let nextKey = 1;
export const newRow = (ac_id?: number, amount = ''): JournalRow => ({ key: nextKey++, ac_id, amount });

export const emptyForm = (j_date: string): JournalForm => ({
  j_date,
  j_type: '',
  j_desc: '',
  j_details: '',
  invo_ref: '',
  debit: [newRow()],
  credit: [newRow()],
});

/** A template's rows: its accounts on each side, as many rows as it asks for, its default amount on the first. */
export function fromTemplate(form: JournalForm, template: JournalTemplate, accounts: JournalTemplateAccount[]) {
  const mine = accounts.filter((a) => a.jType_id === template.id);
  const side = (type: 'debit' | 'credit', count: number) => {
    const ids = mine.filter((a) => a.type_ac === type).map((a) => a.ac_id);
    const amount = Number(template.default_val) > 0 ? template.default_val : '';
    return Array.from({ length: Math.max(count, ids.length, 1) }, (_, i) => newRow(ids[i], i === 0 ? amount : ''));
  };
  return {
    ...form,
    j_type: template.type_name,
    j_desc: template.type_desc ?? '',
    j_details: form.j_details || (template.default_details ?? ''),
    debit: side('debit', template.from_count),
    credit: side('credit', template.to_count),
  };
}

export const fromJournal = (journal: JournalWithLines): JournalForm => ({
  j_date: journal.j_date,
  j_type: journal.j_type ?? '',
  j_desc: journal.j_desc ?? '',
  j_details: journal.j_details ?? '',
  invo_ref: journal.invo_ref ?? '',
  debit: journal.items.filter((l) => l.side === 'from').map((l) => newRow(l.ac_id, l.debit)),
  credit: journal.items.filter((l) => l.side === 'to').map((l) => newRow(l.ac_id, l.credit)),
});

/** Typed digits of any script, the decimal comma too: "١٥٠٫٥" is 150.5. */
export const typedAmount = (text: string) => normalizeNumberInput(text);

const filled = (row: JournalRow) => row.ac_id !== undefined && (parseMoney(typedAmount(row.amount)) ?? 0n) > 0n;
const lines = (form: JournalForm) => [
  ...form.debit.filter(filled).map((r) => ({ ac_id: r.ac_id as number, debit: typedAmount(r.amount), credit: '0' })),
  ...form.credit.filter(filled).map((r) => ({ ac_id: r.ac_id as number, debit: '0', credit: typedAmount(r.amount) })),
];

export function totalsOf(form: JournalForm) {
  const { debit, credit } = journalTotals(lines(form));
  return {
    debit: toMoneyString(debit),
    credit: toMoneyString(credit),
    difference: toMoneyString(subtractMoney(debit, credit)),
  };
}

/** Savable: both sides equal and non-zero, and no row half filled (an account without an amount, or the reverse). */
export const canSave = (form: JournalForm) => {
  const half = [...form.debit, ...form.credit].some((r) => !filled(r) && (r.ac_id !== undefined || r.amount !== ''));
  return !half && isPostable(lines(form));
};

export const toBody = (form: JournalForm, yearId: number): CreateJournalBody => ({
  invoice: {
    j_date: form.j_date,
    j_type: form.j_type || null,
    j_desc: form.j_desc || null,
    j_details: form.j_details || null,
    invo_ref: form.invo_ref || null,
    standard_details: null,
    yearId,
  },
  items: lines(form).map((line) => ({ ...line, j_desc: null })),
});

/**
 * The form as a save would see it once the accounts typed whole in `typed` rows (by key) are found: those rows count
 * as having an account, so the save is offered and finds them (Enter right after a name).
 */
export const assumingTyped = (form: JournalForm, typed: ReadonlySet<number>): JournalForm => {
  const assume = (rows: JournalRow[]) =>
    rows.map((r) => (r.ac_id === undefined && typed.has(r.key) ? { ...r, ac_id: 0 } : r));
  return { ...form, debit: assume(form.debit), credit: assume(form.credit) };
};
