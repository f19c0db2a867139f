/**
 * What the web app tells apart in the store list, without zod: the sign-in page imports it, and its first load
 * carries no schema (docs/first-load.md).
 */
import type { Store, StoreName } from './organisation.ts';

/** Whether a store of the store list carries its details (the list of a signed-in user). */
export const isFullStore = (s: Store | StoreName): s is Store => 'allow_negative_stock' in s;
