/**
 * The lines of a count being typed, as pure functions: each line's difference and what that is worth at the
 * average cost of the count's date. The server computes the same again when it saves (docs/stock-counts.md); these
 * figures are what the keeper sees while counting.
 */
import {
  type CountSheetLine,
  compareDecimals,
  fromMilli,
  type Money,
  money,
  multiplyMoney,
  normalizeNumberInput,
  parseMoney,
  toMilli,
  toMoneyString,
} from '@mizan/contract';

/** A counted line on the screen: the sheet's item and system quantity, and what was typed. */
export type CountLine = Pick<CountSheetLine, 'item_id' | 'item_name' | 'part_no' | 'availQty' | 'avg_cost'> & {
  /** The counted quantity as typed (any digits); '' until typed. */
  qtyReal: string;
};

const QUANTITY = /^\d+(\.\d{1,3})?$/;

/** The typed count as the server reads it (Western digits), or undefined while it is not a quantity. */
export function countedOf(line: CountLine): string | undefined {
  const typed = normalizeNumberInput(line.qtyReal.trim());
  return QUANTITY.test(typed) ? typed : undefined;
}

/**
 * The line's difference as the legacy count and the record read it (domain.md 5.1): system − counted,
 * positive when goods are missing (the stock goes down by it); undefined until counted.
 */
export function differenceOf(line: CountLine): string | undefined {
  const counted = countedOf(line);
  return counted === undefined ? undefined : fromMilli(toMilli(line.availQty) - toMilli(counted));
}

/** Whether the counted quantity equals the system's: nothing to settle, the server refuses such a line. */
export const equalsSystem = (line: CountLine) => {
  const counted = countedOf(line);
  return counted !== undefined && compareDecimals(counted, line.availQty) === 0;
};

/** The difference × the average cost at the count's date, to the cent (positive: the value of what is missing). */
export function lineValue(line: CountLine): Money | undefined {
  const difference = differenceOf(line);
  if (difference === undefined) return undefined;
  return multiplyMoney(parseMoney(line.avg_cost) ?? money(0n), difference);
}

/** Σ the counted lines' values. */
export const totalOf = (lines: CountLine[]) =>
  toMoneyString(lines.reduce((sum, line) => money(sum + (lineValue(line) ?? 0n)), money(0n)));

/** Ids typed in a query string (`?items=1,2,3`), valid and each once, in their order. */
export function idsOf(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => Number(normalizeNumberInput(part.trim())))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

/**
 * Lines added to the count: an item already on it keeps its line (a count names an item once, the server refuses
 * a repeat), new ones come after, in the order given.
 */
export function addLines(lines: CountLine[], sheet: CountSheetLine[]): CountLine[] {
  const known = new Set(lines.map((line) => line.item_id));
  const added = sheet
    .filter((item) => !known.has(item.item_id))
    .map(({ item_id, item_name, part_no, availQty, avg_cost }) => ({
      item_id,
      item_name,
      part_no,
      availQty,
      avg_cost,
      qtyReal: '',
    }));
  return [...lines, ...added];
}

/** The lines with their system quantity and average read again (a new date), what was typed kept. */
export function refreshLines(lines: CountLine[], sheet: CountSheetLine[]): CountLine[] {
  const byId = new Map(sheet.map((item) => [item.item_id, item]));
  return lines.map((line) => {
    const item = byId.get(line.item_id);
    return item ? { ...line, availQty: item.availQty, avg_cost: item.avg_cost } : line;
  });
}
