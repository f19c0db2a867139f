import { Drivers, Storage } from '@ionic/storage';
import type { SessionUser, Store, Year } from '@mizan/contract';

/**
 * The device's storage, in the seed's driver order: secure storage where the platform has it (native builds),
 * else IndexedDB, else local storage. It keeps who is signed in and where, never a password: the session itself
 * is an HttpOnly cookie the page cannot read.
 */
const storage = new Storage({
  name: 'mizan',
  driverOrder: [Drivers.SecureStorage, Drivers.IndexedDB, Drivers.LocalStorage],
});
const ready = storage.create();

export const USER_INFO = 'USER_INFO';
export const STORE_INFO = 'STORE_INFO';
export const YEAR = 'YEAR';

type Stored = { [USER_INFO]: SessionUser; [STORE_INFO]: Store; [YEAR]: Year };

export async function readStored<K extends keyof Stored>(key: K): Promise<Stored[K] | null> {
  return (await ready).get(key);
}
export async function writeStored<K extends keyof Stored>(key: K, value: Stored[K]) {
  await (await ready).set(key, value);
}
export async function removeStored(key: keyof Stored) {
  await (await ready).remove(key);
}
