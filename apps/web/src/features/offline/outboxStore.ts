/**
 * The device's queue of sales in IndexedDB (its own database, beside the sign-in's): `sales` by key with an index
 * by number, `device` with this device's id and its last number, `cache` with what the POS needs offline
 * (deviceCache.ts). A sale and its number are written in one transaction, so two tabs selling at once never share a
 * number and a number is never skipped: IndexedDB runs read-write transactions over the same stores one after
 * the other.
 */
import type { OutboxSale, OutboxStorage } from './outbox.rules.ts';

const DATABASE = 'mizan-offline';
export const SALES = 'sales';
const DEVICE = 'device';
export const CACHE = 'cache';

export const asPromise = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });

let opened: Promise<IDBDatabase> | undefined;
export function offlineDatabase(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(SALES, { keyPath: 'key' }).createIndex('counter', 'counter', { unique: true });
      db.createObjectStore(DEVICE);
      db.createObjectStore(CACHE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

/** A random UUID (v4): `crypto.randomUUID` exists only on secure pages (https or localhost), a shop's LAN may not be. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let persistenceAsked = false;
/** Asks once that the browser keep this site's storage under pressure (it may say no; the sales are kept anyway). */
function askPersistence() {
  if (persistenceAsked) return;
  persistenceAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * Keeps a new sale: gives it the device's next number and writes both in one transaction. `make` builds the sale
 * from the device's id and that number (they go into the body the server gets). Resolves once it is committed.
 */
export async function keepSale(make: (device: { id: string; counter: number }) => OutboxSale): Promise<OutboxSale> {
  askPersistence();
  const db = await offlineDatabase();
  const tx = db.transaction([SALES, DEVICE], 'readwrite');
  const device = tx.objectStore(DEVICE);
  const id = ((await asPromise(device.get('id'))) as string | undefined) ?? newKey();
  const counter = (((await asPromise(device.get('counter'))) as number | undefined) ?? 0) + 1;
  const sale = make({ id, counter });
  device.put(id, 'id');
  device.put(counter, 'counter');
  tx.objectStore(SALES).add(sale);
  await done(tx);
  return sale;
}

/** Every sale kept on the device (waiting or set aside), oldest first. */
export async function allSales(): Promise<OutboxSale[]> {
  const db = await offlineDatabase();
  return asPromise(db.transaction(SALES).objectStore(SALES).index('counter').getAll()) as Promise<OutboxSale[]>;
}

async function change(key: string, update: (sale: OutboxSale) => OutboxSale) {
  const db = await offlineDatabase();
  const tx = db.transaction(SALES, 'readwrite');
  const store = tx.objectStore(SALES);
  const sale = (await asPromise(store.get(key))) as OutboxSale | undefined;
  if (sale) store.put(update(sale));
  await done(tx);
  return sale ? update(sale) : undefined;
}

const sentKey = (key: string) => `sent:${key}`;

/** A sale on the device by its key, or the id of the invoice the server booked it as. */
export async function keptSale(key: string): Promise<{ sale?: OutboxSale; sent?: number }> {
  const db = await offlineDatabase();
  const tx = db.transaction([SALES, CACHE]);
  const [sale, sent] = await Promise.all([
    asPromise(tx.objectStore(SALES).get(key)) as Promise<OutboxSale | undefined>,
    asPromise(tx.objectStore(CACHE).get(sentKey(key))) as Promise<number | undefined>,
  ]);
  return { sale, sent };
}

export const indexedDbOutbox: OutboxStorage = {
  waiting: async (storeId) => (await allSales()).filter((s) => s.state === 'waiting' && s.storeId === storeId),
  remove: async (key, payId) => {
    const db = await offlineDatabase();
    const tx = db.transaction([SALES, CACHE], 'readwrite');
    tx.objectStore(SALES).delete(key);
    // Its receipt, asked for after it was sent, finds the booked invoice.
    tx.objectStore(CACHE).put(payId, sentKey(key));
    await done(tx);
  },
  setAside: async (key, reason) => {
    await change(key, (sale) => ({ ...sale, state: 'setAside', reason }));
  },
  noteTry: async (key) => (await change(key, (sale) => ({ ...sale, tries: sale.tries + 1 })))?.tries ?? 0,
  withdraw: async (key) => {
    const db = await offlineDatabase();
    const tx = db.transaction([SALES, DEVICE], 'readwrite');
    const sale = (await asPromise(tx.objectStore(SALES).get(key))) as OutboxSale | undefined;
    const last = (await asPromise(tx.objectStore(DEVICE).get('counter'))) as number | undefined;
    const isLast = sale !== undefined && sale.counter === last;
    if (isLast) {
      tx.objectStore(SALES).delete(key);
      tx.objectStore(DEVICE).put(sale.counter - 1, 'counter');
    }
    await done(tx);
    return isLast;
  },
};

/** A set-aside sale sent again (after the cause was put right, such as a missing permission or stock). */
export const retrySale = (key: string) => change(key, (sale) => ({ ...sale, state: 'waiting', tries: 0 }));

/** This device's id, as its sales carry it (undefined before its first sale). */
export async function deviceId(): Promise<string | undefined> {
  const db = await offlineDatabase();
  return (await asPromise(db.transaction(DEVICE).objectStore(DEVICE).get('id'))) as string | undefined;
}

/**
 * Removes a set-aside sale from the device for good (a person decided it will not be booked). Its number stays
 * missing on the server, so the device keeps what was removed and why, under `discarded`.
 */
export async function discardSale(key: string): Promise<OutboxSale | undefined> {
  const db = await offlineDatabase();
  const tx = db.transaction([SALES, CACHE], 'readwrite');
  const sale = (await asPromise(tx.objectStore(SALES).get(key))) as OutboxSale | undefined;
  if (sale?.state !== 'setAside') {
    await done(tx);
    return undefined;
  }
  const cache = tx.objectStore(CACHE);
  const discarded = ((await asPromise(cache.get('discarded'))) as OutboxSale[] | undefined) ?? [];
  cache.put([...discarded, { ...sale, discardedAt: new Date().toISOString() }], 'discarded');
  tx.objectStore(SALES).delete(key);
  await done(tx);
  return sale;
}
