/**
 * The one item search (the items list, item stock, the pickers): `ilike '%term%'` over the name, the English name,
 * the alias and the code, or the exact barcode.
 *
 * The four columns joined (`searchedText`) carry one trigram index (`items_search_trgm_idx`, pg_trgm, migration
 * 0029): the joined text is what the index finds, and the four `ilike`s are checked again on what it found, so a term
 * that only matches across two joined columns is never taken in and the answer is exactly the four `ilike`s'. A term
 * without a trigram (one or two letters) reads every item, as without the index.
 */
import { type SQL, sql } from 'drizzle-orm';

/** LIKE wildcards typed by a user are searched for literally. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The indexed expression, written exactly as the index is (its constants inline, not parameters), or the planner
 * cannot match it.
 */
const searchedText = (column: (name: string) => SQL) =>
  sql`(coalesce(${column('item_name')}, '') || ' ' || coalesce(${column('item_desc')}, '') || ' ' || coalesce(${column('aliasEn')}, '') || ' ' || coalesce(${column('part_no')}, ''))`;

/** The search's condition on `table` (a table name or alias of `items`). */
export function itemSearchCondition(table: string, search: string): SQL {
  const column = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  const term = likeTerm(search);
  return sql`((${searchedText(column)} ilike ${term}
    and (${column('item_name')} ilike ${term} or ${column('item_desc')} ilike ${term}
      or ${column('aliasEn')} ilike ${term} or ${column('part_no')} ilike ${term}))
    or ${column('item_parcode')} = ${search})`;
}
