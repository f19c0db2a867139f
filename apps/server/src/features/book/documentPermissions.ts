/**
 * What a user's role permits of one document, decided on its content (docs/permissions.md): the route has already
 * checked the action (create, edit, delete of the kind); here, whose document it is, which day it is of, the day it
 * is dated, a value-only document, a discount above the role's limit and a price below cost. Pure: the save pipeline
 * and the deletes call it with what they loaded under their locks.
 */
import {
  type DocumentAction,
  type DocumentSubject,
  docPermission,
  parseMoney,
  type Result,
  refuse,
  type SessionUser,
  ZERO,
} from '@mizan/contract';

export type DocumentChange = {
  /**
   * The kind of document, as its permissions name it: an invoice's `subjectOfKind[kind]`, `stockCount`, `journal`,
   * `voucher`.
   */
  subject: DocumentSubject;
  /** Whether the kind posts to stock or the ledger: a preliminary sale or an order is not held to its day. */
  posts: boolean;
  today: string;
  /** The document as it is (an edit or a delete): its author and its date. */
  before?: { user_id: number | null; date: string } | undefined;
  /** The date it will have (a create or an edit). */
  date?: string | undefined;
  /** The field a refused date is named on (`pay_date` for invoices and counts, `j_date` for journals). */
  dateField?: string;
  /**
   * A new sale made on a device, under a number the server holds no sale of (docs/offline.md): it may arrive after
   * midnight and keep the day it was made on (`LATE_DEVICE_SALE_DAYS`).
   */
  madeOnDevice?: boolean;
};

/**
 * How many days before the server's today a device's sale may be dated without `backDate`: a till that lost the
 * server on a Friday evening and is back on Monday morning still books the weekend's sales on their own days. An
 * older one waits, set aside, for a user with `backDate` to send it again.
 */
export const LATE_DEVICE_SALE_DAYS = 3;

/** The day `days` days before `day` (both `YYYY-MM-DD`), across months and years. */
export function daysBefore(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A device's sale dated at most `LATE_DEVICE_SALE_DAYS` before today (the year's checks come after). */
const isLateDeviceSale = (change: DocumentChange) =>
  change.madeOnDevice === true &&
  change.date !== undefined &&
  change.date >= daysBefore(change.today, LATE_DEVICE_SALE_DAYS);

const may = (user: SessionUser, subject: DocumentSubject, action: DocumentAction) =>
  user.permissions.includes(docPermission(subject, action));

/** Why the user may not make this change, or undefined if they may. */
export function documentRefusal(user: SessionUser, change: DocumentChange): Result<never> | undefined {
  const { subject, before, date, today, posts } = change;
  // Another user's document (one whose author was removed counts as another's).
  if (before && before.user_id !== user.id && !may(user, subject, 'others'))
    return refuse(docPermission(subject, 'others'));
  if (!posts) return undefined;
  // A final document of another day is in that day's closing.
  if (before && before.date !== today && !may(user, subject, 'otherDay'))
    return refuse(docPermission(subject, 'otherDay'));
  // Dating a document (or moving one) before today; a device's sale that arrives late keeps the day it was made on.
  if (
    date !== undefined &&
    date < today &&
    date !== before?.date &&
    !isLateDeviceSale(change) &&
    !may(user, subject, 'backDate')
  )
    return refuse(docPermission(subject, 'backDate'), { [change.dateField ?? 'pay_date']: 'PERMISSION_DENIED' });
  return undefined;
}

/**
 * Whose documents a role reads: its user's own without `readOthers` (the records filter by this author in SQL, so
 * their pages, counts and sums hold only those), anyone's (undefined) with it.
 */
export const readableAuthor = (user: SessionUser): number | undefined =>
  user.permissions.includes('readOthers') ? undefined : user.id;

/** Another user's document read by id without `readOthers`: refused, naming the permission. */
export function readRefusal(
  user: SessionUser,
  doc: { user_id: number | null },
): Extract<Result<never>, { ok: false }> | undefined {
  if (doc.user_id === user.id || user.permissions.includes('readOthers')) return undefined;
  return { ok: false, code: 'PERMISSION_DENIED', missing: 'readOthers' };
}

/** A document of value only (no lines): its amount is whatever was typed. */
export function valueOnlyRefusal(user: SessionUser, valueOnly: boolean): Result<never> | undefined {
  return valueOnly && !user.permissions.includes('valueOnly') ? refuse('valueOnly') : undefined;
}

/**
 * A discount above the role's limit, in percent of the lines' total: discount × 100 ≤ limit × total, in exact
 * minor units.
 */
export function discountRefusal(user: SessionUser, discount: string, total: bigint): Result<never> | undefined {
  if (user.permissions.includes('discountAboveLimit')) return undefined;
  const given = parseMoney(discount) ?? ZERO;
  const limit = parseMoney(user.discount_limit) ?? ZERO;
  // Both in hundredths: given/100 ≤ (limit/100)/100 × total/100 ⇔ given × 10000 ≤ limit × total.
  return given * 10_000n > limit * total ? refuse('discountAboveLimit', { discount: 'PERMISSION_DENIED' }) : undefined;
}

/** Lines sold below their item's cost price (the item's purchase price), named by their index. */
export function belowCostRefusal(
  user: SessionUser,
  lines: { price: bigint; costPrice: string }[],
): Result<never> | undefined {
  if (user.permissions.includes('priceBelowCost')) return undefined;
  const fields: Record<string, 'PERMISSION_DENIED'> = {};
  lines.forEach((line, index) => {
    const cost = parseMoney(line.costPrice) ?? ZERO;
    if (line.price < cost) fields[`items.${index}.pay_price`] = 'PERMISSION_DENIED';
  });
  return Object.keys(fields).length > 0 ? refuse('priceBelowCost', fields) : undefined;
}
