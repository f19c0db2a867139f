import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The ORDER BY of a paged list: the column the user sorted by (each list maps its sort keys to columns or SQL),
 * then the list's own order, which ends in a unique key, so that equal values never move between pages.
 */
export function listOrder<Key extends string>(
  sortable: Record<Key, SQLWrapper>,
  query: { sort?: Key | undefined; order?: 'asc' | 'desc' | undefined },
  ownOrder: SQL[],
): SQL[] {
  if (query.sort === undefined) return ownOrder;
  const direction = query.order === 'desc' ? desc : asc;
  return [direction(sortable[query.sort]), ...ownOrder];
}
