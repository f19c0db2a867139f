/**
 * The one item search (the items list, item stock, the pickers, the opening quantities): the name, the English name,
 * the alias or the code holds the term, its letters folded as the party search folds them (`foldArabic`: "اطار"
 * finds إطار, "١٢٣" finds 123), or the barcode is the term (in Western digits; 12 digits also find the EAN-13 of that
 * UPC-A, `barcodeForms`: a scanner that sends the store's own 04… as its UPC-A finds it).
 *
 * The database keeps the four columns joined by a newline and folded (`items.search_text`, migration 0034), under
 * one trigram index (pg_trgm), so a search is a plain `like` over the store's rows that the index can read. No term
 * holds a newline (control characters are taken out of it), so a term is found within one column, never across two.
 * A term without a trigram (one or two letters) reads every item of the store, as without the index.
 */
import { barcodeForms, foldArabic, toWesternDigits } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import { arrayOf } from '../../lib/sqlArray.ts';

/** LIKE wildcards typed by a user are searched for literally. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The term as `search_text` holds text: folded, without the newline that separates its columns. */
const foldedTerm = (search: string) => foldArabic(search.replace(/\p{Cc}/gu, ''));

/** The search's condition on `table` (a table name or alias of `items`). */
export function itemSearchCondition(table: string, search: string): SQL {
  const column = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  return sql`(${column('search_text')} like ${likeTerm(foldedTerm(search))}
    or ${column('item_parcode')} = any(${arrayOf(barcodeForms(toWesternDigits(search)))}::text[]))`;
}
