/** The labels' calls (docs/labels.md): the store's prefix setting, items given barcodes, items read by id. */
import { z } from 'zod';
import { eanPrefixError, MAX_LABELS } from './labels.rules.ts';
import { Id } from './scope.ts';

/** The store's own EAN-13 prefix as a setting: `eanPrefixError`'s rule, its code the field's message. */
export const StoreEanPrefix = z.string().superRefine((prefix, ctx) => {
  const error = eanPrefixError(prefix);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** Items to give a barcode of the store's own: those of them that have none keep it; the others are left alone. */
export const AssignBarcodesBody = z.object({
  store_id: Id.optional(),
  item_ids: z.array(Id).min(1).max(MAX_LABELS),
});
export type AssignBarcodesBody = z.output<typeof AssignBarcodesBody>;

/** An item's barcode after `items/assignBarcodes`; `assigned` says whether it was given now. */
export const AssignedBarcode = z.object({ id: z.number().int(), item_parcode: z.string(), assigned: z.boolean() });
export type AssignedBarcode = z.infer<typeof AssignedBarcode>;

/** The items a label screen prints, by id (`?ids=3,1,2`, each once; at most `MAX_LABELS`). */
export const ItemIdsQuery = z.object({
  store_id: Id.optional(),
  ids: z
    .string()
    .transform((text): unknown[] => text.split(',').map((part) => part.trim()))
    .pipe(z.array(Id).min(1).max(MAX_LABELS)),
});
export type ItemIdsQuery = z.input<typeof ItemIdsQuery>;
