/**
 * A second store of the generated company and a year of stock transfers between it and the generated shop
 * (docs/large-store.md, docs/transfers.md). The second store stocks the same catalogue (every item has its row there,
 * docs/catalogue.md) and opens with stock of every third item; the transfers go from the main store to the branch
 * (four in five) and back, and most are received whole, some in two parts, some partly (half of each line) (the rest still on the way or
 * sent back) and some not at all.
 *
 * Saved one by one through the transfers' own save path (`saveTransfer`, `receiveTransfer`: the stock check, the
 * numbering, the cost engine, the receipts' shares), in date order, after the shop's year: never a second copy of
 * their rules. Deterministic as the rest of the generator: every choice is `hashtext(seed, salt, the transfer's
 * number)`, the items by their code. So that no save is refused for stock, a transfer takes from an item at most half
 * of its lowest stock over the year in the main store (half of its opening quantity in the branch), summed over
 * every transfer that sends it.
 */
import { type SessionUser, type TransferWithLines, toMilli } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { actingAdministrator } from '../../lib/permissions.ts';
import { replaceOpeningQuantities } from '../openingStock/openingStock.posting.ts';
import { receiveTransfer, saveTransfer } from '../transfers/transfers.service.ts';
import { dayOfPlan, seededPick } from './shopVouchers.ts';

export type TransfersPlan = {
  /** The generated shop's store (its items are the catalogue) and the second store. */
  mainStoreId: number;
  branchStoreId: number;
  yearId: number;
  from: string;
  to: string;
  seed: number;
  transfers: number;
  /** Lines per transfer: 1 to this many. */
  transferLines: number;
  /** Who sends and receives (an administrator of both stores). */
  user: Pick<SessionUser, 'id' | 'user_name' | 'full_name'>;
  onStep?: (step: string) => void;
};

/** The large store's (issue 33): 10,000 transfers of 1 to 12 lines over the year. */
export const largeStoreTransfers = { transfers: 10_000, transferLines: 12 };

export type TransfersMade = { transfers: number; lines: number; receipts: number; sentBack: number };

type Candidate = { id: number; budget: number };
type Event = { at: string; run: () => Promise<void> };

/** The branch's opening stock, then the transfers in date order. Answers what was made. */
export async function generateTransfers(db: Db, plan: TransfersPlan): Promise<TransfersMade> {
  const { mainStoreId: main, branchStoreId: branch } = plan;
  const pick = seededPick(plan.seed);
  const asStore = (storeId: number) => actingAdministrator(plan.user, storeId);

  plan.onStep?.('branch openings');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from items where store_id = ${branch} order by id for update`);
    const { rows } = await tx.execute<{ item_id: number; quantity: string; pay_price: string; perch_price: string }>(
      sql`select b.id as item_id, b.pay_price::text, b.perch_price::text,
          (4 + ${pick('branch-opening', sql`x.g`)} % 30)::text as quantity
        from items m join items b on b.catalogue_id = m.catalogue_id and b.store_id = ${branch}
        cross join lateral (select substr(m.part_no, 3)::int as g) x
        where m.store_id = ${main} and m.part_no like 'G-%' and x.g % 3 = 0 and x.g % 25 <> 0
        order by x.g`,
    );
    await replaceOpeningQuantities(tx, branch, plan.yearId, rows);
  });

  plan.onStep?.('transfer budgets');
  const candidates = await transferCandidates(db, main, branch);
  const { rows: planned } = await db.execute<{
    n: number;
    back: boolean;
    item: number;
    fate: number;
    after: number;
    rest: number;
    quantities: number[];
  }>(sql`select g as n, ${pick('transfer-back', sql`g`)} % 5 = 0 as back,
      ${pick('transfer-item', sql`g`)}::int as item, (${pick('transfer-fate', sql`g`)} % 20)::int as fate,
      (1 + ${pick('transfer-after', sql`g`)} % 4)::int as after, (2 + ${pick('transfer-rest', sql`g`)} % 6)::int as rest,
      array(select (1 + ${pick('transfer-qty', sql`g * 64 + k`)} % 3)::int
        from generate_series(1, 1 + (${pick('transfer-lines', sql`g`)} % ${plan.transferLines})::int) k) as quantities
    from generate_series(1, ${plan.transfers}) g order by g`);

  const dayOf = dayOfPlan(plan);
  const addDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const clock = (hour: number, n: number) =>
    `${String(hour).padStart(2, '0')}:${String(Math.floor((n % 3600) / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  const made: TransfersMade = { transfers: 0, lines: 0, receipts: 0, sentBack: 0 };
  const events: Event[] = [];
  const saved = new Map<number, TransferWithLines>();
  const expectOk = <T>(what: string, result: { ok: true; value: T } | { ok: false }): T => {
    if (!result.ok) throw new Error(`generated ${what} was refused: ${JSON.stringify(result)}`);
    return result.value;
  };

  for (const t of planned) {
    const list = t.back ? candidates.branch : candidates.main;
    const [from, to] = t.back ? [branch, main] : [main, branch];
    // Each line the next item (from its hashed place, 7,919 apart) that still has the quantity to give.
    const chosen = new Set<number>();
    const items = t.quantities.flatMap((quantity, k) => {
      for (let tries = 0; tries < 50 && list.length > 0; tries++) {
        const candidate = list[(t.item + k * 7_919 + tries) % list.length] as Candidate;
        if (candidate.budget >= quantity && !chosen.has(candidate.id)) {
          candidate.budget -= quantity;
          chosen.add(candidate.id);
          return [{ item_id: candidate.id, quantity: String(quantity) }];
        }
      }
      return [];
    });
    if (items.length === 0) continue;
    const date = dayOf(t.n - 1, plan.transfers);
    events.push({
      at: `${date} ${clock(13, t.n)}`,
      run: async () => {
        const transfer = expectOk(
          `transfer ${t.n}`,
          await saveTransfer(db, asStore(from), {
            transfer: {
              from_store_id: from,
              to_store_id: to,
              transfer_date: date,
              transfer_time: clock(13, t.n),
              note: null,
            },
            items,
          }),
        );
        saved.set(t.n, transfer);
        made.transfers += 1;
        made.lines += items.length;
      },
    });
    // Fates: 14 in 20 received whole; 2 in two parts; 2 partly (the rest still on the way); 1 partly and the rest
    // sent back; 1 still on the way. What would arrive after the plan's last day is still on the way.
    if (t.fate === 19) continue;
    const first = addDays(date, t.after);
    const second = addDays(first, t.rest);
    const receive = (day: string, hour: number, part: boolean, sendBack = false) => {
      if (day > plan.to) return;
      events.push({
        at: `${day} ${clock(hour, t.n)}`,
        run: async () => {
          const transfer = saved.get(t.n);
          if (!transfer) throw new Error(`transfer ${t.n} was not saved before its receipt`);
          // A first part that was all of it (one unit on one line) leaves nothing for the rest.
          if (!part && transfer.lines.every((line) => toMilli(line.in_transit) === 0n)) return;
          const after = expectOk(
            `receipt of transfer ${t.n}`,
            await receiveTransfer(db, asStore(sendBack ? from : to), {
              transfer_id: transfer.pay_id,
              receipt_date: day,
              receipt_time: clock(hour, t.n),
              note: null,
              ...(sendBack ? { send_back: true } : {}),
              ...(part ? { lines: firstPart(transfer) } : {}),
            }),
          );
          saved.set(t.n, after);
          if (sendBack) made.sentBack += 1;
          else made.receipts += 1;
        },
      });
    };
    if (t.fate < 14) receive(first, 10, false);
    else {
      receive(first, 10, true);
      if (t.fate < 16) receive(second, 11, false);
      else if (t.fate === 18) receive(second, 11, false, true);
    }
  }

  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const [index, event] of events.entries()) {
    if (index % 1000 === 0) plan.onStep?.(`transfers ${index}/${events.length} saves`);
    await event.run();
  }
  // Statistics of what the transfers wrote, as autovacuum would take them: with the movements' last statistics from
  // before, the planner took the receipts' movements for none and read them all once per open line.
  await db.execute(sql`analyze`);
  return made;
}

/**
 * A first part of a transfer: half of each line of more than one unit (rounded down), and every other line of one
 * unit whole; at least one unit of something.
 */
function firstPart(transfer: TransferWithLines) {
  const part = transfer.lines.flatMap((line, index) => {
    const half = toMilli(line.quantity) / 2000n;
    if (half > 0n) return [{ item_id: line.to_item_id, quantity: String(half) }];
    return index % 2 === 0 ? [{ item_id: line.to_item_id, quantity: line.quantity }] : [];
  });
  return part.length > 0 ? part : transfer.lines.map((line) => ({ item_id: line.to_item_id, quantity: line.quantity }));
}

/**
 * The items each store may send, in code order, with what it may send of each over the year: in the main store half
 * of its lowest stock on any day (after the shop's documents and counts), in the branch half of its opening quantity.
 */
async function transferCandidates(db: DbOrTx, main: number, branch: number) {
  const { rows: mainRows } = await db.execute<Candidate>(sql`
    with running as (
      select item_id, sum(quantity) over (partition by item_id order by move_date, move_time, id) as stock
      from stock_movement where store_id = ${main}),
    lowest as (select item_id, min(stock) as low from running group by item_id)
    select i.id, floor(greatest(l.low, 0) / 2)::int as budget
    from items i join lowest l on l.item_id = i.id
    where i.store_id = ${main} and i.part_no like 'G-%' and l.low >= 2
    order by substr(i.part_no, 3)::int`);
  const { rows: branchRows } = await db.execute<Candidate>(sql`
    select i.id, floor(f.quantity / 2)::int as budget
    from items i join firstq f on f.item_id = i.id and f.store_id = ${branch}
    where i.store_id = ${branch} and i.part_no like 'G-%' and f.quantity >= 2
    order by substr(i.part_no, 3)::int`);
  return { main: mainRows, branch: branchRows };
}

/**
 * What is on the way, as docs/transfers.md holds it: the goods-in-transit accounts of every store together equal
 * what the transfers' lines took out less what their receipts brought in, and a line received whole (or sent back)
 * brought in exactly what left. Answers every broken one as a readable string (empty when right).
 */
export async function inTransitInvariants(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ on_the_way: string; transit: string; lines: number }>(sql`
    with sent as (
      select l.id, l.quantity, l.received + l.sent_back as arrived, coalesce(-sum(m.value), 0) as value
      from stock_transfer_line l
      left join stock_movement m on m.source_kind = 'transfer' and m.source_id = l.transfer_id and m.line_no = l.line_no
      group by l.id),
    brought as (
      select rl.transfer_line_id as id, sum(m.value) as value
      from transfer_receipt_line rl
      join stock_movement m on m.source_kind = 'transfer_receipt' and m.source_id = rl.receipt_id
        and m.line_no = rl.line_no
      group by rl.transfer_line_id)
    select (coalesce(sum(s.value), 0) - coalesce(sum(b.value), 0))::numeric(20, 2)::text as on_the_way,
      (select coalesce(sum(l.debit - l.credit), 0) from ledger_line l join sub_accounts a on a.id = l.account_id
        where a.role = 'goods_in_transit')::numeric(20, 2)::text as transit,
      count(*) filter (where s.arrived = s.quantity and s.value <> coalesce(b.value, 0))::int as lines
    from sent s left join brought b on b.id = s.id`);
  const row = rows[0];
  if (!row) return [];
  return [
    ...(row.on_the_way === row.transit ? [] : [`goods in transit ${row.transit}, on the way ${row.on_the_way}`]),
    ...(row.lines === 0 ? [] : [`${row.lines} transfer lines arrived whole but brought in another value`]),
  ];
}
