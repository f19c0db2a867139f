/**
 * The item movement report (`تقرير حركة الصنف`, docs/item-movement.md): an item's dated movements (`stock_movement`,
 * one chain per store and item across years) in the order the cost engine values them, each with the quantity on
 * the shelf after it; and the daily movement of every item on one date. Quantities are thousandths-exact decimal
 * strings, amounts cents-exact, as the database computes them.
 */
import { z } from 'zod';
import { IsoDate } from './dates.ts';
import { PageQuery } from './envelope.ts';
import { Id } from './scope.ts';

/** Largest page of movements: a page is one query over the chain index, its running quantity a window sum. */
export const MAX_MOVEMENT_PAGE_SIZE = 500;

const MovementPage = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_MOVEMENT_PAGE_SIZE).default(50),
});

/**
 * One item's movements: all time (no dates), one date (`from`), or a range (`from`, `to`, both included). The
 * `store_id` and year parameters are accepted like every read and not needed: the report is the store's whole
 * chain, across years.
 */
export const ItemMovementQuery = MovementPage.extend({
  item_id: Id,
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
});
export type ItemMovementQuery = z.output<typeof ItemMovementQuery>;

/** Every item's movements on one date (`from`). */
export const DailyMovementQuery = MovementPage.extend({
  from: IsoDate,
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
});
export type DailyMovementQuery = z.output<typeof DailyMovementQuery>;

/** What moved: a trade document's kind token (`pay`, `perch`, `sales_returns`, ...), a count (`tswia`), an opening (`firstq`). */
export const MovementKind = z.string();

export const MovementRow = z.object({
  /** The movement's id (`stock_movement.id`). */
  id: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  move_date: z.string(),
  move_time: z.string(),
  kind: MovementKind,
  /** The document that moved it (`pay_id` of an invoice, a return or a count; the `firstq` row of an opening). */
  source_id: z.number().int(),
  /** Its reference (`SH-S-000123`); null for an opening quantity. */
  pay_ref: z.string().nullable(),
  /** The invoice's customer or supplier; null for a count or an opening. */
  party: z.string().nullable(),
  /** Signed: positive into the store, negative out of it. */
  quantity: z.string(),
  incoming: z.string(),
  outgoing: z.string(),
  /** The quantity on the shelf after this movement (the item's chain summed up to and with it). */
  balance: z.string(),
  /** An invoice line's unit price net of its share of the invoice discount; null for a count or an opening. */
  unit_price: z.string().nullable(),
  /** The line's total net of its discount share; null for a count or an opening. */
  net_total: z.string().nullable(),
  /** The movement's value at cost per unit (value / quantity), as the cost engine valued it. */
  unit_cost: z.string().nullable(),
  /** Its value at cost, signed like the quantity. */
  value: z.string(),
  /** A sale line's gross profit: its net total less what its goods cost; null for every other movement. */
  gross_profit: z.string().nullable(),
});
export type MovementRow = z.infer<typeof MovementRow>;

/** The quantities of the whole period asked for (not only the page). */
export const MovementSummary = z.object({
  /** On the shelf before the period: every movement dated before `from` (0 for all time). */
  opening: z.string(),
  incoming: z.string(),
  outgoing: z.string(),
  /** opening + incoming − outgoing: on the shelf at the end of the period. */
  closing: z.string(),
  /** Σ gross profit of the period's sales. */
  gross_profit: z.string(),
  /** Movements in the period. */
  count: z.number().int(),
});
export type MovementSummary = z.infer<typeof MovementSummary>;

const pageFields = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const ItemMovementAnswer = z.object({
  data: z.array(MovementRow),
  ...pageFields,
  item: z.object({ id: z.number().int(), item_name: z.string(), part_no: z.string().nullable() }),
  summary: MovementSummary,
});
export type ItemMovementAnswer = z.infer<typeof ItemMovementAnswer>;

/** The date's movements of every item, each row's `balance` the quantity of its own item after it. */
export const DailyMovementAnswer = z.object({
  data: z.array(MovementRow),
  ...pageFields,
  summary: z.object({ incoming: z.string(), outgoing: z.string(), items: z.number().int(), count: z.number().int() }),
});
export type DailyMovementAnswer = z.infer<typeof DailyMovementAnswer>;
