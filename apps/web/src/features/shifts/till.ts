/**
 * This device's till (docs/shifts.md): the name its sales carry (`till`), and the shift open on it as the device
 * last heard, which a sale made offline carries (`shift_id`) so it stays that shift's whenever it reaches the
 * server. Kept in local storage (names and ids only, nothing secret). Free of zod: the POS reads it on every sale.
 */
import { shiftText } from './shiftText.ts';

const TILL_KEY = 'mizan.till';
const shiftKey = (storeId: number) => `mizan.shift.${storeId}`;

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The device's till name; a device that has none gets its own (`deviceTill`), so two devices never share one. */
export function deviceTill(): string {
  const kept = storage()?.getItem(TILL_KEY);
  if (kept) return kept;
  const made = shiftText.deviceTill(Math.random().toString(16).slice(2, 6).toUpperCase());
  storage()?.setItem(TILL_KEY, made);
  return made;
}

/** Renames the device's till (only while no shift is open on it: the shift keeps the till it opened on). */
export function setDeviceTill(name: string) {
  storage()?.setItem(TILL_KEY, name.trim());
}

/** The shift open on this device's till in a store, as the device last heard (undefined: none). */
export function keptShift(storeId: number): number | undefined {
  const id = Number(storage()?.getItem(shiftKey(storeId)));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function keepShift(storeId: number, shiftId: number | undefined) {
  if (shiftId === undefined) storage()?.removeItem(shiftKey(storeId));
  else storage()?.setItem(shiftKey(storeId), String(shiftId));
}

/** What a sale made at this device carries of its till and shift. */
export const tillOfSale = (storeId: number) => {
  const shift_id = keptShift(storeId);
  return { till: deviceTill(), ...(shift_id === undefined ? {} : { shift_id }) };
};
