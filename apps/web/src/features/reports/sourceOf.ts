/** What a ledger line's document is called, and where it opens. */
import { isKindToken, kindOf } from '@mizan/contract';
import { natureWords } from '../accounts/natureText.ts';
import { reportsText } from './reportsText.ts';

export function sourceLabel(line: { source_kind: string; j_type: string | null }) {
  if (isKindToken(line.source_kind)) return kindOf(line.source_kind).label;
  if (line.source_kind === 'journal') return line.j_type ?? reportsText.journalKinds.journal ?? '';
  return reportsText.journalKinds[line.source_kind] ?? line.source_kind;
}

/** The screen that shows a line's document: a trade document's print, a journal's edit screen, an account's form. */
export function sourcePath(line: { source_kind: string; source_id: number }): string | undefined {
  if (isKindToken(line.source_kind)) return `/print-modal?kind=${line.source_kind}&id=${line.source_id}`;
  if (line.source_kind === 'journal') return `/edit-journal?journalId=${line.source_id}`;
  if (line.source_kind === 'firstq') return '/fristq';
  // An account's opening balance: the account's form, where it is typed with its date.
  if (line.source_kind === 'sub_balance') return `/account-modal?mode=edit&id=${line.source_id}`;
  return undefined;
}

/** A balance's side in words (debit, credit, balanced). */
export const sideWord = (side: 'debit' | 'credit' | null) => (side ? natureWords[side] : reportsText.balanced);
