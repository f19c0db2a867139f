import { z } from 'zod';
import { PositiveMoneyString, QuantityString } from './amounts.ts';
import { PageQuery, sortFields } from './envelope.ts';
import { lineTotal } from './invoice.rules.ts';
import { isWithinAmountBound, parseMoney } from './money.ts';
import { Id } from './scope.ts';
import { Text } from './text.ts';

const OpeningQuantityString = QuantityString.refine((value) => !value.startsWith('-'), {
  message: 'QUANTITY_NEGATIVE',
});

/** An opening quantity of one item in an accounting year (`fq_year` = year id; without one, the request's year: year 1 under `/api/`). */
/** The fields of an opening quantity (without the value's bound: `OpeningQuantityBody` adds it). */
export const OpeningQuantityFields = z.object({
  item_id: Id,
  quantity: OpeningQuantityString,
  /** Prices at the opening; default the item's current prices. */
  pay_price: PositiveMoneyString.optional(),
  perch_price: PositiveMoneyString.optional(),
  fq_year: Id.optional(),
  store_id: Id.optional(),
});

/** The opening's value (quantity × price) is bounded like an invoice line's, so the book's columns always hold it. */
export function refuseOpeningValueTooLarge(
  opening: { quantity: string; pay_price?: string | undefined; perch_price?: string | undefined },
  ctx: z.RefinementCtx,
) {
  for (const field of ['perch_price', 'pay_price'] as const) {
    const price = opening[field] === undefined ? undefined : parseMoney(opening[field]);
    if (price !== undefined && !isWithinAmountBound(lineTotal({ quantity: opening.quantity, price }))) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'AMOUNT_TOO_LARGE' });
    }
  }
}

export const OpeningQuantityBody = OpeningQuantityFields.superRefine(refuseOpeningValueTooLarge);
export type OpeningQuantityBody = z.output<typeof OpeningQuantityBody>;

export const OpeningQuantityRow = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  part_no: z.string().nullable(),
  store_id: z.number().int(),
  fq_year: z.number().int(),
  quantity: z.string(),
  pay_price: z.string(),
  perch_price: z.string(),
  /**
   * A later year's opening: what the year before left (its `perch_price` the average cost then), not a typed row:
   * id 0, nothing to edit or delete (docs/accounting-years.md).
   */
  carried: z.boolean(),
});
export type OpeningQuantityRow = z.infer<typeof OpeningQuantityRow>;

export const openingQuantitySortKeys = ['part_no', 'item_name', 'quantity', 'perch_price', 'pay_price'] as const;
export const OpeningQuantityListQuery = PageQuery.extend({
  ...sortFields(openingQuantitySortKeys),
  store_id: Id.optional(),
  fq_year: Id.optional(),
  yearId: Id.optional(),
  search: Text().trim().max(100).optional(),
});
export type OpeningQuantityListQuery = z.output<typeof OpeningQuantityListQuery>;

export const StoreYearDeleteQuery = z.object({ store_id: Id, fq_year: Id.optional() });
