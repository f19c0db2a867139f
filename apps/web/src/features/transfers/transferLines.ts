/**
 * The lines of a transfer being typed and of a receipt being counted, as pure functions over exact thousandths
 * (never floats): a line per item, a scan adds one, what is typed is read in any digits. The server checks the same
 * again when it saves (docs/transfers.md); these are what the keeper sees while typing.
 */
import { fromMilli, type ItemWithStock, normalizeNumberInput, type TransferWithLines, toMilli } from '@mizan/contract';

type TransferLine = TransferWithLines['lines'][number];

/** A line of a transfer on the screen: the sending store's item, its quantity on hand, the quantity as typed. */
export type DraftLine = {
  item_id: number;
  item_name: string;
  part_no: string | null;
  /** What the sending store holds now (the server checks the transfer's date). */
  on_hand: string;
  /** As typed (any digits); '' until typed. */
  quantity: string;
};

const QUANTITY = /^\d+(\.\d{1,3})?$/;

/** A typed quantity as the server reads it (Western digits), or undefined unless it is a quantity above zero. */
export function quantityOf(typed: string): string | undefined {
  const value = normalizeNumberInput(typed.trim());
  return QUANTITY.test(value) && toMilli(value) > 0n ? value : undefined;
}

/** One more of a quantity as typed ('' is none): a scan of an item already on the lines. */
export function plusOne(typed: string): string {
  const value = quantityOf(typed);
  return trimmed(fromMilli((value === undefined ? 0n : toMilli(value)) + 1000n));
}

/** "12.500" → "12.5", "6.000" → "6": as a quantity is typed. */
export function trimmed(quantity: string): string {
  const [whole = '0', fraction = ''] = quantity.split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

/** An item added to a transfer: a new line of 1, or one more on its line (a scanner's second read of it). */
export function addItem(lines: DraftLine[], item: ItemWithStock): DraftLine[] {
  if (lines.some((line) => line.item_id === item.id))
    return lines.map((line) => (line.item_id === item.id ? { ...line, quantity: plusOne(line.quantity) } : line));
  return [
    ...lines,
    { item_id: item.id, item_name: item.item_name, part_no: item.part_no, on_hand: item.quantity, quantity: '1' },
  ];
}

/** Whether the typed quantity is beyond what is on hand (the screen warns; the server decides on the date). */
export const beyondStock = (line: DraftLine) => {
  const value = quantityOf(line.quantity);
  return value !== undefined && toMilli(value) > toMilli(line.on_hand);
};

/** The request's items, or the lines whose quantity is not a quantity above zero. */
export function transferItems(
  lines: DraftLine[],
): { ok: true; items: { item_id: number; quantity: string }[] } | { ok: false; invalid: number[] } {
  const invalid = lines.filter((line) => quantityOf(line.quantity) === undefined).map((line) => line.item_id);
  if (invalid.length) return { ok: false, invalid };
  return {
    ok: true,
    items: lines.map((line) => ({ item_id: line.item_id, quantity: quantityOf(line.quantity) ?? '' })),
  };
}

/** A line of a receipt: the receiving store's item, what is still on the way, what arrived as typed. */
export type ArrivalLine = Pick<TransferLine, 'id' | 'to_item_id' | 'item_name' | 'part_no' | 'in_transit'> & {
  arrived: string;
};

/** The lines still on the way, none arrived yet. */
export const arrivalLines = (lines: TransferLine[]): ArrivalLine[] =>
  lines
    .filter((line) => toMilli(line.in_transit) > 0n)
    .map(({ id, to_item_id, item_name, part_no, in_transit }) => ({
      id,
      to_item_id,
      item_name,
      part_no,
      in_transit,
      arrived: '',
    }));

/** A scan of the receiving store's item: one more arrived on its line; undefined when it is not on the transfer. */
export function scanArrived(lines: ArrivalLine[], itemId: number): ArrivalLine[] | undefined {
  if (!lines.some((line) => line.to_item_id === itemId)) return undefined;
  return lines.map((line) => (line.to_item_id === itemId ? { ...line, arrived: plusOne(line.arrived) } : line));
}

/** "Receive all": every line arrived whole. */
export const allArrived = (lines: ArrivalLine[]): ArrivalLine[] =>
  lines.map((line) => ({ ...line, arrived: trimmed(line.in_transit) }));

/** Whether more arrived than is on the way (the server refuses it: MORE_THAN_IN_TRANSIT). */
export const beyondTransit = (line: ArrivalLine) => {
  const value = quantityOf(line.arrived);
  return value !== undefined && toMilli(value) > toMilli(line.in_transit);
};

/**
 * The receipt's lines: those with a quantity; lines typed but not a quantity above zero are `invalid` (left empty
 * is not: nothing of that item arrived).
 */
export function arrivedItems(
  lines: ArrivalLine[],
): { ok: true; lines: { item_id: number; quantity: string }[] } | { ok: false; invalid: number[] } {
  const typed = lines.filter((line) => line.arrived.trim() !== '');
  const invalid = typed.filter((line) => quantityOf(line.arrived) === undefined).map((line) => line.id);
  if (invalid.length) return { ok: false, invalid };
  return {
    ok: true,
    lines: typed.map((line) => ({ item_id: line.to_item_id, quantity: quantityOf(line.arrived) ?? '' })),
  };
}
