/**
 * The POS on a device without the network (docs/offline.md): the reads it opens with (isKeptOffline) are written
 * to the device whenever they arrive and put back in the query cache when the app starts, and the store's items
 * (with prices and stock) are copied whole when the POS opens online, so it finds, scans and sells offline after one
 * online sign-in. Kept in the offline database's `cache` store.
 */
import { MAX_PAGE_SIZE, routes, type StockRow } from '@mizan/contract';
import { call, currentYearId } from '../../app/api.ts';
import { queryClient } from '../../app/queryClient.ts';
import { isKeptOffline } from './deviceCache.rules.ts';
import { asPromise, CACHE, offlineDatabase } from './outboxStore.ts';

/** The most items copied to the device (50 pages of 200): past it the POS finds the rest only online. */
const MOST_ITEMS = 10_000;

async function put(key: string, value: unknown) {
  const db = await offlineDatabase();
  const tx = db.transaction(CACHE, 'readwrite');
  tx.objectStore(CACHE).put(value, key);
  await asPromise(tx.objectStore(CACHE).count());
}

let restored: Promise<void> | undefined;
/**
 * Puts the kept reads back in the query cache (as stale: read again as soon as the server answers), and from then
 * on keeps each of them on the device as it arrives. Once per page load.
 */
export function restoreDeviceCache(): Promise<void> {
  restored ??= (async () => {
    try {
      const db = await offlineDatabase();
      const store = db.transaction(CACHE).objectStore(CACHE);
      const [keys, values] = await Promise.all([asPromise(store.getAllKeys()), asPromise(store.getAll())]);
      keys.forEach((key, index) => {
        if (typeof key !== 'string' || !key.startsWith('[')) return;
        const queryKey = JSON.parse(key) as unknown[];
        if (isKeptOffline(queryKey) && queryClient.getQueryData(queryKey) === undefined)
          queryClient.setQueryData(queryKey, values[index], { updatedAt: 0 });
      });
    } catch {
      // No IndexedDB (a private window): the POS works online only.
    }
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { queryKey, state } = event.query;
      if (isKeptOffline(queryKey)) void put(JSON.stringify(queryKey), state.data).catch(() => undefined);
    });
  })();
  return restored;
}

const catalogueKey = (storeId: number, yearId: number) => `catalogue:${storeId}:${yearId}`;

const copiedAt = new Map<string, number>();

/**
 * Copies the store's items with their prices and stock (the chosen year's) to the device. `olderThanMs`: only when
 * this page has not copied them within that time (the phone's sales screen opens often; the POS copies each time).
 */
export async function copyCatalogue(storeId: number, { olderThanMs = 0 } = {}): Promise<StockRow[] | undefined> {
  const yearId = currentYearId();
  const key = catalogueKey(storeId, yearId);
  if (Date.now() - (copiedAt.get(key) ?? 0) < olderThanMs) return undefined;
  const rows: StockRow[] = [];
  for (let page = 1; rows.length < MOST_ITEMS; page++) {
    const answer = await call(routes.itemStock.stockList, {
      query: { store_id: storeId, page, pageSize: MAX_PAGE_SIZE },
    });
    rows.push(...answer.data);
    if (answer.data.length < MAX_PAGE_SIZE || rows.length >= answer.total) break;
  }
  await put(key, rows);
  copiedAt.set(key, Date.now());
  return rows;
}

/** The device's copy of the store's items (empty before the POS was first opened online). */
export async function readCatalogue(storeId: number): Promise<StockRow[]> {
  try {
    const db = await offlineDatabase();
    const found = await asPromise(db.transaction(CACHE).objectStore(CACHE).get(catalogueKey(storeId, currentYearId())));
    return (found as StockRow[] | undefined) ?? [];
  } catch {
    return [];
  }
}
