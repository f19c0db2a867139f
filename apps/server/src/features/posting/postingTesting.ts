/** What the posting rules' unit tests share: the store's accounts by role, two parties, and ledger arithmetic. */
import {
  type KindToken,
  kindOf,
  type Money,
  money,
  parseMoney,
  postingMemosAr,
  toMilli,
  toMoneyString,
} from '@mizan/contract';
import { applyCost, type CostState } from './cost.rules.ts';
import { costLines, type LedgerEntry, type Posting, type PostingAccounts, type StockMove } from './posting.rules.ts';

export const testAccounts: PostingAccounts = {
  sales: 48,
  purchases: 49,
  cash_box: 46,
  bank: 47,
  inventory: 80,
  cost_of_sales: 60,
  discount_allowed: 30,
  discount_received: 50,
  opening_balance: 70,
  stock_adjustment: 63,
  output_vat: 82,
  input_vat: 83,
  goods_in_transit: 84,
};
export const CUSTOMER = 101;
export const SUPPLIER = 202;

export const cents = (text: string) => parseMoney(text) ?? money(0n);

/** Each account's balance (debit − credit). */
export const balances = (entries: LedgerEntry[]) => {
  const by = new Map<number, bigint>();
  for (const e of entries) by.set(e.account_id, (by.get(e.account_id) ?? 0n) + e.debit - e.credit);
  return Object.fromEntries([...by].map(([id, v]) => [id, toMoneyString(money(v) as Money)]));
};

/** Lines as plain figures, to compare: account, debit, credit. */
export const figures = (entries: LedgerEntry[]) =>
  entries.map((e) => [e.account_id, toMoneyString(e.debit), toMoneyString(e.credit)]);

/** Each item's stock at cost, by item id. */
export type CostStates = Map<number, CostState>;

/**
 * A document's movements valued as the cost engine values them, in order, from the given stock at cost: `fixed` in
 * at its `in_value`, `average` out at the moving average, `returned` back in at `keptCosts[line_index]` (what its
 * sale took out). Answers each movement's value, the document's `costDelta` (its values less the `fixed` values its
 * money lines already carry) and the stock at cost after it.
 */
export function costMoves(movements: StockMove[], states: CostStates, keptCosts: Money[] = []) {
  const after: CostStates = new Map(states);
  const values: string[] = [];
  let delta = 0n;
  for (const move of movements) {
    const state = after.get(move.item_id) ?? { quantity: 0n, value: money(0n), fallbackUnitCost: money(0n) };
    const quantity = toMilli(move.quantity);
    let inValue: Money | undefined;
    if (move.mode === 'fixed') {
      if (move.in_value === undefined) throw new Error(`fixed movement of line ${move.line_index} has no in_value`);
      inValue = move.in_value;
    } else if (move.mode === 'returned') {
      inValue = keptCosts[move.line_index];
      if (inValue === undefined) throw new Error(`no kept cost for returned line ${move.line_index}`);
    }
    const costed = applyCost(
      state,
      inValue === undefined ? { direction: 'out', quantity: -quantity } : { direction: 'in', quantity, value: inValue },
    );
    after.set(move.item_id, costed.state);
    values.push(toMoneyString(costed.change));
    delta += costed.change - (move.mode === 'fixed' ? (move.in_value ?? 0n) : 0n);
  }
  return { values, costDelta: money(delta), after };
}

/** The memo of a document's cost part (what `costing.ts` writes). */
export const costMemo = (kind: KindToken) => postingMemosAr.cost(kindOf(kind).label);

/** A document's whole posting: its money lines and the cost part its `costDelta` posts. */
export const wholePosting = (posting: Posting, costDelta: Money, memo: string): LedgerEntry[] => [
  ...posting.moneyLines,
  ...costLines(costDelta, testAccounts, memo),
];
