import type { SessionUser, Store, Year } from '@mizan/contract';

/**
 * The device's storage: who is signed in, where, and in which year; never a password (the session itself is an
 * HttpOnly cookie the page cannot read). It is the IndexedDB database the seed's storage (Ionic Storage over
 * localforage) wrote in a browser, read and written the same way, so a sign-in kept by an earlier version still
 * opens the app; those two libraries were a sixth of the sign-in page's JavaScript for three keys. Where IndexedDB
 * cannot be opened (some private windows), the keys live in local storage under localforage's names.
 */
const DATABASE = 'mizan';
const STORE = '_ionickv';

export const USER_INFO = 'USER_INFO';
export const STORE_INFO = 'STORE_INFO';
export const YEAR = 'YEAR';
/** The store this device last signed in to: kept after sign-out, so the sign-in page offers it again. */
export const LAST_STORE = 'LAST_STORE';

type Stored = { [USER_INFO]: SessionUser; [STORE_INFO]: Store; [YEAR]: Year; [LAST_STORE]: number };

const asPromise = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DATABASE);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return asPromise(request);
}

const database: Promise<IDBDatabase | null> = openDatabase().catch(() => null);

async function inStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database;
  if (!db) throw new Error('no IndexedDB');
  return asPromise(use(db.transaction(STORE, mode).objectStore(STORE)));
}

const fallbackKey = (key: string) => `${DATABASE}/${STORE}/${key}`;

export async function readStored<K extends keyof Stored>(key: K): Promise<Stored[K] | null> {
  if (!(await database)) return JSON.parse(localStorage.getItem(fallbackKey(key)) ?? 'null');
  return (await inStore('readonly', (store) => store.get(key))) ?? null;
}

export async function writeStored<K extends keyof Stored>(key: K, value: Stored[K]) {
  if (!(await database)) return localStorage.setItem(fallbackKey(key), JSON.stringify(value));
  await inStore('readwrite', (store) => store.put(value, key));
}

export async function removeStored(key: keyof Stored) {
  if (!(await database)) return localStorage.removeItem(fallbackKey(key));
  await inStore('readwrite', (store) => store.delete(key));
}
