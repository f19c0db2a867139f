/**
 * The stock count family's save (docs/stock-counts.md), in the pipeline's steps (features/book/savePipeline.ts):
 * load the count and its items under their locks (the count, then its old and new items in id order) with the
 * system quantities at its date and time (`stockAt`); check by the pure rule (`checkCountLines`, every refused line
 * at once) what each line moves; write the count and its lines. Its movements go through `repost`, which values
 * them at the moving average and refuses a count that takes later stock below zero.
 */
import {
  bookKinds,
  fail,
  formatBookReference,
  ok,
  type SessionUser,
  type StockCountWithLines,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { items, stockCount, stockCountLine } from '../../db/schema.ts';
import { asStoredTime, nowTime, today } from '../../lib/clock.ts';
import { documentRefusal } from '../book/documentPermissions.ts';
import type { DocumentModule } from '../book/savePipeline.ts';
import { findYear, isInsideYear } from '../organisation/currentYear.ts';
import { type PostingSource, postingAccounts } from '../posting/posting.ts';
import { movedItems } from '../posting/repost.ts';
import { stockAt } from '../stock/stockAt.ts';
import { lockStockItems } from '../stock/stockCheck.ts';
import { nextSequence, storeOf } from '../trade/trade.queries.ts';
import { lockCount, readCount } from './stockCount.queries.ts';
import { type CountedLine, checkCountLines, countPosting, countTotal } from './stockCount.rules.ts';

/** A line as a save takes it; `field` is where the client sent it (for the refusals), default `items.<index>`. */
export type CountLineInput = {
  item_id: number;
  qtyReal: string;
  pay_price?: string | undefined;
  perch_price?: string | undefined;
  field?: string;
};

export type CountHeader = {
  pay_date: string;
  pay_time?: string | undefined;
  payComment?: string | null | undefined;
  /** The year the route resolved for the request. */
  yearId: number;
};

export type CountSave = {
  header: CountHeader;
  lines: CountLineInput[];
  /** The count being replaced (an edit). */
  payId?: number | undefined;
  /** A new count's idempotency key (a legacy client's own reference is one). */
  idempotencyKey?: string | undefined;
};

/** A save as the pipeline takes it: with the hash of a new count's content, kept with its key. */
type CountSaveWithHash = CountSave & { idempotencyHash?: string | undefined };

const { wire: SOURCE_KIND, sequence: SEQUENCE } = bookKinds.stockCount;

/**
 * The count (locked), its items (locked, the ones its old version moved too) with their prices, and the system
 * quantity of each at the count's date and time, whatever the client sent: an edit counts again at its (maybe new)
 * date. Only what the user's role permits of it is refused here (documentPermissions.ts: back-dating, another
 * user's or another day's count); the rules say what else is wrong, in their order.
 */
async function load(tx: Tx, user: SessionUser, save: CountSaveWithHash) {
  const { header, lines } = save;
  const accountingYear = await findYear(tx, header.yearId);
  const existing = save.payId === undefined ? undefined : await lockCount(tx, user.store_id, save.payId);
  // (A count that is not there is the rules' NOT_FOUND, not a refusal of its date.)
  const byRole =
    (save.payId === undefined || existing) &&
    documentRefusal(user, {
      subject: 'stockCount',
      posts: true,
      today: today(),
      before: existing && { user_id: existing.user_id, date: existing.pay_date },
      date: header.pay_date,
    });
  if (byRole) return byRole;
  const before = existing ? await movedItems(tx, SOURCE_KIND, existing.pay_id) : [];
  const itemIds = [...new Set(lines.map((line) => line.item_id))];
  await lockStockItems(tx, user.store_id, [...before, ...itemIds]);
  const found = itemIds.length
    ? await tx
        .select({
          id: items.id,
          item_name: items.item_name,
          pay_price: items.pay_price,
          perch_price: items.perch_price,
        })
        .from(items)
        .where(and(eq(items.store_id, user.store_id), inArray(items.id, itemIds)))
    : [];
  const time = header.pay_time ? asStoredTime(header.pay_time) : (existing?.pay_time ?? nowTime());
  // A count stands at its place among the day's documents: its own movements and those of documents saved after
  // it at the same second are not its system quantity (a new count is the last saved).
  const system = await stockAt(tx, user.store_id, itemIds, header.pay_date, time, existing?.pay_id);
  return ok({
    save,
    accountingYear,
    existing,
    found,
    time,
    system,
    accounts: await postingAccounts(tx, user.store_id),
  });
}

type Loaded = Extract<Awaited<ReturnType<typeof load>>, { ok: true }>['value'];

/**
 * A count's refusals, in order (its year, its date inside it, the count it edits and its year, unknown items, then
 * the lines by `checkCountLines`), its lines as saved and what it posts (`countPosting`).
 */
function check(loaded: Loaded) {
  const { save, accountingYear, existing, found } = loaded;
  if (!accountingYear) return fail<never>('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
  if (!isInsideYear(save.header.pay_date, accountingYear))
    return fail<never>('DATE_OUTSIDE_YEAR', { pay_date: 'DATE_OUTSIDE_YEAR' });
  if (save.payId !== undefined && !existing) return fail<never>('NOT_FOUND');
  if (existing && existing.yearId !== accountingYear.id)
    return fail<never>('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
  const byId = new Map(found.map((item) => [item.id, item]));
  const counted: CountedLine[] = [];
  const missing: Record<string, 'ITEM_NOT_FOUND'> = {};
  save.lines.forEach((line, index) => {
    const field = line.field ?? `items.${index}`;
    const item = byId.get(line.item_id);
    if (!item) missing[`${field}.item_id`] = 'ITEM_NOT_FOUND';
    else
      counted.push({
        item_id: item.id,
        item_name: item.item_name,
        qtyReal: line.qtyReal,
        pay_price: line.pay_price ?? item.pay_price,
        perch_price: line.perch_price ?? item.perch_price,
        field,
      });
  });
  if (Object.keys(missing).length) return fail<never>('ITEM_NOT_FOUND', missing);
  const checked = checkCountLines(counted, loaded.system);
  if (!checked.ok) return checked;
  return ok({
    ...loaded,
    yearId: accountingYear.id,
    lines: checked.value,
    tot_pr: toMoneyString(countTotal(checked.value)),
    posting: countPosting(checked.value),
  });
}

type Checked = Extract<ReturnType<typeof check>, { ok: true }>['value'];

/** Writes the count (a new one gets its reference from the store's count counter) and replaces its lines. */
async function write(tx: Tx, user: SessionUser, checked: Checked) {
  const { save, existing, lines, tot_pr, yearId } = checked;
  const values = {
    store_id: user.store_id,
    yearId,
    // An edit keeps its author: who edited it is in the activity log.
    user_id: existing ? existing.user_id : user.id,
    pay_date: save.header.pay_date,
    pay_time: checked.time,
    payComment: save.header.payComment ?? null,
    tot_pr,
  };
  let payId: number;
  let payRef: string;
  if (existing) {
    payId = existing.pay_id;
    payRef = existing.pay_ref;
    await tx.update(stockCount).set(values).where(eq(stockCount.pay_id, payId));
  } else {
    const storeRow = await storeOf(tx, user.store_id);
    payRef = formatBookReference(storeRow.store_ref, 'stockCount', await nextSequence(tx, user.store_id, SEQUENCE));
    const [inserted] = await tx
      .insert(stockCount)
      .values({
        ...values,
        pay_ref: payRef,
        idempotency_key: save.idempotencyKey ?? null,
        idempotency_hash: save.idempotencyHash ?? null,
      })
      .returning({ pay_id: stockCount.pay_id });
    if (!inserted) throw new Error('stock count insert returned nothing');
    payId = inserted.pay_id;
  }
  await tx.delete(stockCountLine).where(eq(stockCountLine.pay_id, payId));
  if (lines.length)
    await tx.insert(stockCountLine).values(
      lines.map((line, line_no) => ({
        pay_id: payId,
        store_id: user.store_id,
        line_no,
        item_id: line.item_id,
        item_name: line.item_name,
        availQty: line.availQty,
        qtyReal: line.qtyReal,
        quantity: line.quantity,
        pay_price: line.pay_price,
        perch_price: line.perch_price,
        tot: toMoneyString(line.tot),
      })),
    );
  const source: PostingSource = {
    store_id: user.store_id,
    yearId,
    source_kind: SOURCE_KIND,
    source_id: payId,
    date: values.pay_date,
    time: values.pay_time,
    reference: payRef,
  };
  return {
    postings: [{ source, posting: checked.posting, fresh: !existing }],
    accounts: checked.accounts,
    log: {
      yearId,
      typee: existing ? ('update tswia' as const) : ('insert tswia' as const),
      logToken: {
        pay_id: payId,
        pay_ref: payRef,
        pay_date: values.pay_date,
        tot_pr,
        lines: lines.map((line) => ({
          item_id: line.item_id,
          item_name: line.item_name,
          availQty: line.availQty,
          qtyReal: line.qtyReal,
        })),
      },
    },
    answer: async (reader: DbOrTx) => {
      const count = await readCount(reader, user.store_id, payId);
      return count ? ok(count) : fail<StockCountWithLines>('NOT_FOUND');
    },
  };
}

export const stockCountSave: DocumentModule<CountSaveWithHash, Loaded, Checked, StockCountWithLines> = {
  load,
  check,
  write,
};
