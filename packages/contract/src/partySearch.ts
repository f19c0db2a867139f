/**
 * The party picker's search (issue 19): a customer or supplier found by any part of its name, or by the start of its
 * code, however its letters were typed. The server searches with the same letters in SQL (`translate`), and the
 * device's kept list of names is searched with `searchPartyNames` when the server cannot be asked (docs/offline.md),
 * so a party found online is found offline by the same keys, in the same order.
 */

/**
 * Letters people type interchangeably, each mapped to the one it is searched as: the alef forms (آ أ إ ٱ) as ا,
 * alef maqsura ى as ي, taa marbuta ة as ه, and Arabic-Indic and Persian digits as Western ones. The characters of
 * `ARABIC_FOLD_FROM` past the length of `ARABIC_FOLD_TO` are dropped: the tatweel and the short vowels and shadda,
 * which a name may carry or not. Written for PostgreSQL's `translate(text, from, to)`, which works the same way.
 */
export const ARABIC_FOLD_FROM = 'آأإٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ـ\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0670';
export const ARABIC_FOLD_TO = 'اااايه01234567890123456789';

const foldedLetter = new Map([...ARABIC_FOLD_FROM].map((letter, index) => [letter, ARABIC_FOLD_TO[index] ?? '']));

/** Text as the search compares it: lower case, the letter variants folded, the marks dropped. */
export function foldArabic(text: string): string {
  let folded = '';
  for (const letter of text.toLowerCase()) folded += foldedLetter.get(letter) ?? letter;
  return folded;
}

/** Suggestions a search answers when no limit is asked, and the most it answers. */
export const PARTY_SEARCH_LIMIT = 20;
export const PARTY_SEARCH_MOST = 100;

type Searched = { id: number; sub_name: string; sub_code: string | null; ac_id: number };

/**
 * The parties a term finds, best first: its code exactly, then names starting with the term, then the rest (a name
 * holding it, a code starting with it), each group by name. `accountClass` keeps one side (customers or suppliers).
 */
export function searchPartyNames<T extends Searched>(
  parties: readonly T[],
  term: string,
  { accountClass, limit = PARTY_SEARCH_LIMIT }: { accountClass?: number | undefined; limit?: number } = {},
): T[] {
  const wanted = foldArabic(term.trim());
  const rankOf = (party: T): number | undefined => {
    if (accountClass !== undefined && party.ac_id !== accountClass) return undefined;
    const code = foldArabic(party.sub_code ?? '');
    const name = foldArabic(party.sub_name);
    if (wanted === '') return 2;
    if (code === wanted) return 0;
    if (name.startsWith(wanted)) return 1;
    return name.includes(wanted) || (code !== '' && code.startsWith(wanted)) ? 2 : undefined;
  };
  const ranked: { party: T; rank: number }[] = [];
  for (const party of parties) {
    const rank = rankOf(party);
    if (rank !== undefined) ranked.push({ party, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.party.sub_name < b.party.sub_name ? -1 : a.party.sub_name > b.party.sub_name ? 1 : 0) ||
      a.party.id - b.party.id,
  );
  return ranked.slice(0, limit).map(({ party }) => party);
}
