/**
 * The cost engine: values an item's stock movements in date order (docs/inventory-costing.md). A movement out is
 * worth the moving average of what moved before it on the item's dates, not of what was typed before it; so a change
 * dated before other movements (a back-dated purchase, an edit, a delete) values again every movement of its items
 * from its place (its day and time) on, in the same transaction, and moves what changed into the documents' cost lines and lines' kept
 * costs. The same pass checks that no item goes below zero on any date because of the change, when the store
 * forbids negative stock.
 */
import { fromMilli, type Money, money, parseMoney, type StockShortage, toMilli, toMoneyString } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { applyCost, type CostState, divideRounded } from './cost.rules.ts';
import { costPartOf, type MovementMode, type PostingAccounts } from './posting.rules.ts';
import {
  type BalanceDelta,
  chunks,
  gather,
  type KeptMovement,
  type KeptSums,
  type PostingSource,
  postingAccounts,
  removeLedgerPart,
  runTogether,
  type SourceKind,
  writeLedgerPart,
} from './posting.ts';

const amount = (text: string | null) => (text === null ? money(0n) : (parseMoney(text) ?? money(0n)));

type Movement = KeptMovement & {
  id: number;
  yearId: number;
  mode: MovementMode;
  in_value: string | null;
  returns_of: number | null;
  line_id: number | null;
};

/**
 * Where a movement stands in its item's order: date, time, then opening quantities before documents, then the
 * source's id and the line. Compared as the database orders them (the `order by` of `revalue`).
 */
type Place = Pick<KeptMovement, 'move_date' | 'move_time' | 'source_kind' | 'source_id' | 'line_no'>;
export function comparePlaces(a: Place, b: Place): number {
  if (a.move_date !== b.move_date) return a.move_date < b.move_date ? -1 : 1;
  if (a.move_time !== b.move_time) return a.move_time < b.move_time ? -1 : 1;
  // Opening quantities first; then documents in the order they were saved (their ids share one sequence).
  const rank = (place: Place) => (place.source_kind === 'firstq' ? 0 : 1);
  return rank(a) - rank(b) || a.source_id - b.source_id || a.line_no - b.line_no;
}

/** Where a walk starts: a day and a time of it (`HH:MM:SS`). */
export type WalkStart = { date: string; time: string };

/** A time of day as `HH:MM:SS` (a clock typed `HH:MM` is its minute's start), so two compare as text. */
export const clockTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

export type Revaluation = {
  storeId: number;
  itemIds: number[];
  /**
   * The earliest place (day and time) a movement of these items changed at: movements from it on are valued again,
   * from the stock at cost before it.
   */
  from: WalkStart;
  /**
   * The documents whose movements were just written: their cost lines and lines' costs are written whatever. All
   * their movements are dated on or after `from`, so the walk values each of them whole and their cost lines are
   * found from it, without reading back what was just written.
   */
  touched: PostingSource[];
  /** The movements the change took away (with their places), for the stock check on every date. */
  removed: KeptMovement[];
  /** Whether to refuse the change when the store forbids negative stock (a replay of saved history is not). */
  checkStock: boolean;
  /** The store's posting accounts, when the caller has read them already. */
  accounts?: PostingAccounts | undefined;
  /** Where the changes to the kept sums go; the caller writes them with the rest of its posting. */
  sums: KeptSums;
  /**
   * Told the sources whose goods' value the pass changed: a transfer's receipts follow what left the sender
   * (features/transfers/transferCosts.ts), in other stores.
   */
  changed?: { source_kind: string; source_id: number }[];
};

const sourceKey = (kind: string, id: number) => `${kind}:${id}`;

/**
 * Values the items' movements from `from` (a day and a time) on, in order, from the stock at cost they had before it; writes the
 * values that changed, the kept sums, the lines' kept costs and the cost lines of every document whose value
 * changed. Answers the items the change takes below zero on some date (empty when the store allows negative stock).
 */
export async function revalue(tx: DbOrTx, change: Revaluation): Promise<StockShortage[]> {
  const { storeId, from } = change;
  const itemIds = [...new Set(change.itemIds)].sort((a, b) => a - b);
  if (itemIds.length === 0) return [];
  const ids = arrayOf(itemIds);
  // One statement: each item's stock at cost before `from`, with its movements from `from` on, in order (as json
  // whose numbers are text, so they stay exact).
  const { rows: before } = await tx.execute<{
    item_id: number;
    quantity: string;
    value: string;
    perch_price: string;
    item_name: string;
    pay_price: string;
    allow_negative: boolean;
    movements: Movement[];
  }>(sql`
    select i.id as item_id, coalesce(b.quantity, 0)::text as quantity, coalesce(b.value, 0)::text as value,
      i.perch_price::text, i.pay_price::text, i.item_name, s.allow_negative_stock as allow_negative,
      (select coalesce(json_agg(json_build_object('id', m.id, 'yearId', m."yearId", 'item_id', m.item_id,
          'quantity', m.quantity::text, 'value', m.value::text, 'move_date', m.move_date::text,
          'move_time', m.move_time::text, 'source_kind', m.source_kind, 'source_id', m.source_id,
          'line_no', m.line_no, 'mode', m.mode, 'in_value', m.in_value::text, 'returns_of', m.returns_of,
          'line_id', m.line_id)
        order by m.move_date, m.move_time, m.source_kind <> 'firstq', m.source_id, m.line_no), '[]'::json)
       from stock_movement m
       where m.store_id = i.store_id and m.item_id = i.id
         and (m.move_date, m.move_time) >= (${from.date}::date, ${from.time}::time)) as movements
    from items i
    join store s on s.id = i.store_id
    left join lateral (
      select sum(m.quantity) as quantity, sum(m.value) as value from stock_movement m
      where m.store_id = i.store_id and m.item_id = i.id
        and (m.move_date, m.move_time) < (${from.date}::date, ${from.time}::time)
    ) b on true
    where i.store_id = ${storeId} and i.id = any(${ids}::int[])
    order by i.id`);
  const movements = before.flatMap((row) => row.movements);

  // What each original of a sales return took out of an item, as it stands before this pass (for originals the
  // pass does not reach); the pass replaces it for the originals it values again.
  const originalIds = [...new Set(movements.flatMap((m) => (m.returns_of === null ? [] : [m.returns_of])))];
  const originals = new Map<string, { quantity: bigint; value: bigint }>();
  if (originalIds.length) {
    const { rows } = await tx.execute<{ source_id: number; item_id: number; quantity: string; value: string }>(sql`
      select source_id, item_id, sum(quantity)::text as quantity, sum(value)::text as value from stock_movement
      where store_id = ${storeId} and source_id = any(${arrayOf(originalIds)}::int[]) and item_id = any(${ids}::int[])
        and mode = 'average'
      group by source_id, item_id`);
    for (const row of rows)
      originals.set(`${row.source_id}:${row.item_id}`, { quantity: toMilli(row.quantity), value: amount(row.value) });
  }

  const touched = new Set(change.touched.map((s) => sourceKey(s.source_kind, s.source_id)));
  // What the touched documents' goods cost beyond what their money lines carry (their `costDelta`), from the walk.
  const touchedDelta = new Map<string, bigint>();
  const removedByItem = new Map<number, KeptMovement[]>();
  for (const row of [...change.removed].sort(comparePlaces)) {
    const list = removedByItem.get(row.item_id);
    if (list) list.push(row);
    else removedByItem.set(row.item_id, [row]);
  }
  const checkStock = change.checkStock && before.length > 0 && !before[0]?.allow_negative;

  const states = new Map<number, CostState>();
  for (const row of before)
    states.set(row.item_id, {
      quantity: toMilli(row.quantity),
      value: amount(row.value),
      fallbackUnitCost: amount(row.perch_price),
    });
  const walked = new Map<string, { quantity: bigint; value: bigint }>();
  const updates: { id: number; value: string; in_value: string | null; line_id: number | null; cost: string | null }[] =
    [];
  const deltas: { store_id: number; yearId: number; item_id: number; quantity: string; value: string }[] = [];
  const revalued = new Map<string, { source_kind: string; source_id: number }>();
  const shortages: StockShortage[] = [];

  const infoOf = new Map(before.map((row) => [row.item_id, row]));
  const chains = new Map<number, Movement[]>();
  for (const movement of movements) {
    const chain = chains.get(movement.item_id);
    if (chain) chain.push(movement);
    else chains.set(movement.item_id, [movement]);
  }
  for (const itemId of itemIds) {
    const info = infoOf.get(itemId);
    let state = states.get(itemId);
    if (!info || !state) continue;
    const chain = chains.get(itemId) ?? [];
    const removed = removedByItem.get(itemId) ?? [];
    let removedAt = 0;
    // How much this change lowered the item's stock up to the point reached (its new movements less its old).
    let lowered = 0n;
    let short: StockShortage | undefined;
    const check = (date: string) => {
      if (!checkStock || short || state === undefined) return;
      if (state.quantity < 0n && lowered < 0n)
        short = {
          item_id: itemId,
          item_name: info.item_name,
          requested_quantity: fromMilli(-lowered),
          available_quantity: fromMilli(state.quantity - lowered),
          shortage: fromMilli(-state.quantity),
          perch_price: info.perch_price,
          pay_price: info.pay_price,
          date,
        };
    };
    const passRemoved = (upTo?: Movement) => {
      while (removedAt < removed.length) {
        const old = removed[removedAt];
        if (!old || (upTo && comparePlaces(old, upTo) > 0)) break;
        lowered -= toMilli(old.quantity);
        removedAt += 1;
        check(old.move_date);
      }
    };
    // What the item's stock value changed by, per year (the kept sums are per year: `item_cost`).
    const valueChange = new Map<number, bigint>();
    for (const movement of chain) {
      passRemoved(movement);
      const quantity = toMilli(movement.quantity);
      let inValue: Money | undefined;
      // A received transfer comes in at its share of what left the sender, kept by the transfers' cost step.
      if (movement.mode === 'fixed' || movement.mode === 'transferred') inValue = amount(movement.in_value);
      else if (movement.mode === 'returned') {
        const original =
          movement.returns_of === null
            ? undefined
            : (walked.get(`${movement.returns_of}:${itemId}`) ?? originals.get(`${movement.returns_of}:${itemId}`));
        // The share of what the original's goods cost for the units that came back.
        inValue =
          original && original.quantity !== 0n
            ? money(divideRounded(-original.value * quantity, -original.quantity))
            : money(0n);
      }
      const costed = applyCost(
        state,
        inValue === undefined
          ? { direction: 'out', quantity: -quantity }
          : { direction: 'in', quantity, value: inValue },
      );
      state = costed.state;
      const key = sourceKey(movement.source_kind, movement.source_id);
      if (touched.has(key)) {
        lowered += quantity;
        const fixed = movement.mode === 'fixed' ? amount(movement.in_value) : 0n;
        touchedDelta.set(key, (touchedDelta.get(key) ?? 0n) + costed.change - fixed);
      }
      if (movement.mode === 'average') {
        const sum = walked.get(`${movement.source_id}:${itemId}`) ?? { quantity: 0n, value: 0n };
        walked.set(`${movement.source_id}:${itemId}`, {
          quantity: sum.quantity + quantity,
          value: sum.value + costed.change,
        });
      }
      const oldValue = amount(movement.value);
      const newInValue =
        movement.mode === 'returned' && inValue !== undefined ? toMoneyString(inValue) : movement.in_value;
      if (costed.change !== oldValue || newInValue !== movement.in_value || touched.has(key)) {
        valueChange.set(movement.yearId, (valueChange.get(movement.yearId) ?? 0n) + costed.change - oldValue);
        updates.push({
          id: movement.id,
          value: toMoneyString(costed.change),
          in_value: newInValue,
          line_id: movement.line_id,
          // A sale line keeps what its goods cost, a sales return line what came back; a purchase line its total.
          cost: movement.mode === 'average' ? toMoneyString(money(-costed.change)) : newInValue,
        });
        revalued.set(key, { source_kind: movement.source_kind, source_id: movement.source_id });
      }
      check(movement.move_date);
    }
    passRemoved();
    if (short) shortages.push(short);
    for (const [yearId, change] of valueChange)
      if (change !== 0n)
        deltas.push({ store_id: storeId, yearId, item_id: itemId, quantity: '0', value: toMoneyString(money(change)) });
  }
  if (shortages.length) return shortages;

  // Column arrays, one parameter each, so a single statement carries any number of rows; the movements' values and
  // the lines' kept costs in one. When nothing below reads them back (no later document's cost lines are read from
  // its movements), they wait to go out with the items' sums (`itemRowWrites`): one round trip fewer.
  const others = [...revalued.entries()].filter(([key]) => !touched.has(key)).map(([, source]) => source);
  // One by one, not `push(...)`: a year's replay revalues every source of the store (252,500 at the large store's
  // size overflowed the call stack as arguments).
  if (change.changed) for (const source of revalued.values()) change.changed.push(source);
  // A transfer's new values are read back by its receipts' shares (transferCosts.ts): written now, not deferred.
  const readBack = others.length > 0 || [...revalued.values()].some((source) => source.source_kind === 'transfer');
  const parts = [...chunks(updates, 50_000)];
  for (const chunk of parts) {
    const costed = chunk.filter((u) => u.line_id !== null && u.cost !== null);
    const writes = [
      sql`
        update stock_movement m set value = u.value, in_value = u.in_value
        from unnest(${arrayOf(chunk.map((u) => u.id))}::bigint[], ${arrayOf(chunk.map((u) => u.value))}::numeric[],
          ${arrayOf(chunk.map((u) => u.in_value))}::numeric[]) as u(id, value, in_value)
        where m.id = u.id`,
      ...(costed.length
        ? [
            sql`
              update trade_line l set cost = u.cost
              from unnest(${arrayOf(costed.map((u) => u.line_id))}::int[], ${arrayOf(costed.map((u) => u.cost))}::numeric[])
                as u(id, cost)
              where l.id = u.id`,
          ]
        : []),
    ];
    if (parts.length === 1 && !readBack) gather(change.sums.itemRowWrites, writes);
    else await runTogether(tx, writes);
  }
  gather(change.sums.items, deltas);
  const fresh = change.touched.flatMap((source) => {
    const key = sourceKey(source.source_kind, source.source_id);
    return revalued.has(key) ? [{ source, delta: money(touchedDelta.get(key) ?? 0n) }] : [];
  });
  await rewriteCostLines(tx, storeId, { others, fresh }, change.accounts, change.sums);
  return [];
}

/**
 * Writes again the cost lines of documents whose goods' value changed: each one's `costDelta` (its movements'
 * values less the fixed values its money lines already carry) between inventory and cost of sales. `fresh`: the
 * documents just written, with their delta found by the walk (their cost lines were taken away by `repost`);
 * `others`: documents dated later whose value the walk changed, read back whole (the walk saw only some of their
 * items).
 */
async function rewriteCostLines(
  tx: DbOrTx,
  storeId: number,
  revalued: { others: { source_kind: string; source_id: number }[]; fresh: { source: PostingSource; delta: Money }[] },
  knownAccounts: PostingAccounts | undefined,
  sums: KeptSums,
) {
  const { others } = revalued;
  const fresh = revalued.fresh.filter((row) => row.delta !== 0n);
  if (others.length === 0 && fresh.length === 0) return;
  const { rows } =
    others.length === 0
      ? { rows: [] }
      : await tx.execute<{
          source_kind: string;
          source_id: number;
          yearId: number;
          move_date: string;
          move_time: string;
          delta: string;
          reference: string | null;
        }>(sql`
    select m.source_kind, m.source_id, min(m."yearId") as "yearId", min(m.move_date)::text as move_date, min(m.move_time)::text as move_time,
      sum(m.value - case when m.mode = 'fixed' then coalesce(m.in_value, 0) else 0 end)::text as delta,
      min(coalesce(d.pay_ref, c.pay_ref, t.pay_ref, r.pay_ref)) as reference
    from unnest(${arrayOf(others.map((s) => s.source_kind))}::text[], ${arrayOf(others.map((s) => s.source_id))}::int[])
      as s(kind, id)
    join stock_movement m on m.source_kind = s.kind and m.source_id = s.id
    left join trade_document d on s.kind not in ('firstq', 'tswia', 'transfer', 'transfer_receipt') and d.pay_id = s.id
    left join stock_count c on s.kind = 'tswia' and c.pay_id = s.id
    left join stock_transfer t on s.kind = 'transfer' and t.pay_id = s.id
    left join transfer_receipt r on s.kind = 'transfer_receipt' and r.pay_id = s.id
    group by m.source_kind, m.source_id`);
  const accounts = knownAccounts ?? (await postingAccounts(tx, storeId));
  const key = (row: { source_kind: string; source_id: number }) => sourceKey(row.source_kind, row.source_id);
  const moving = rows.filter((row) => amount(row.delta) !== 0n);
  // A document's cost lines that exist change in place (same accounts, new amounts): no insert, and so none of the
  // foreign-key checks that made rewriting tens of thousands of them slow. The balances move by the difference.
  const { rows: changed } =
    moving.length === 0
      ? { rows: [] }
      : await tx.execute<BalanceDelta & { source_kind: string; source_id: number }>(sql`
    update ledger_line l set
      debit = case when l.account_id = ${accounts.inventory} then greatest(u.delta, 0) else greatest(-u.delta, 0) end,
      credit = case when l.account_id = ${accounts.inventory} then greatest(-u.delta, 0) else greatest(u.delta, 0) end
    from unnest(${arrayOf(moving.map((row) => row.source_kind))}::text[],
        ${arrayOf(moving.map((row) => row.source_id))}::int[],
        ${arrayOf(moving.map((row) => row.delta))}::numeric[]) as u(kind, id, delta),
      ledger_line o
    where l.source_kind = u.kind and l.source_id = u.id and l.part = 'cost' and o.id = l.id
    returning l.store_id, l."yearId", l.account_id, l.line_date::text as line_date, l.source_kind, l.source_id,
      (l.debit - o.debit)::text as debit, (l.credit - o.credit)::text as credit`);
  gather(sums.balances, changed);
  const inPlace = new Set(changed.map(key));
  // A document whose goods now cost nothing beyond its money lines loses its cost lines; one that had none gets them.
  await removeLedgerPart(
    tx,
    rows.filter((row) => amount(row.delta) === 0n),
    'cost',
    sums,
  );
  const readBack = moving
    .filter((row) => !inPlace.has(key(row)))
    .map((row) => ({
      source: {
        store_id: storeId,
        yearId: row.yearId,
        source_kind: row.source_kind as SourceKind,
        source_id: row.source_id,
        date: row.move_date,
        time: row.move_time,
        reference: row.reference,
      } satisfies PostingSource,
      delta: amount(row.delta),
    }));
  await writeLedgerPart(
    tx,
    [...fresh, ...readBack].map(({ source, delta }) => ({
      source,
      lines: costPartOf(source.source_kind, delta, accounts),
    })),
    'cost',
    sums,
  );
}
