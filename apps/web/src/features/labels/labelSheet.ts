/**
 * What the labels screen prints, as pure functions (docs/labels.md): the layouts it prints on (three common A4
 * label sheets and the 58 × 40 mm label printer), the labels an address asks for (`?items=12:3,15`: item 12 three
 * times, item 15 once), and the labels of a purchase (one per unit received). Sizes are millimetres.
 */
import { labelsForQuantity, MAX_LABELS, normalizeNumberInput } from '@mizan/contract';

export type LabelLayout = {
  /** The paper: an A4 sheet of labels, or one label per page on a label printer's roll. */
  paper: 'a4' | 'roll';
  columns: number;
  rows: number;
  /** One label. */
  width: number;
  height: number;
  /** From the sheet's top and right edge (RTL: the first label is the top right one) to the first label. */
  top: number;
  side: number;
  /** Between two labels across and down. */
  gapX: number;
  gapY: number;
};

/**
 * The sheets sold everywhere (Avery/Herma-style codes): 24 of 70 × 37 (3 × 8, no margins to speak of), 40 of
 * 52.5 × 29.7 (4 × 10, edge to edge), 65 of 38.1 × 21.2 (5 × 13, L7651's margins and gaps); and the label printer.
 */
export const labelLayouts = {
  a4x24: { paper: 'a4', columns: 3, rows: 8, width: 70, height: 37, top: 0.5, side: 0, gapX: 0, gapY: 0 },
  a4x40: { paper: 'a4', columns: 4, rows: 10, width: 52.5, height: 29.7, top: 0, side: 0, gapX: 0, gapY: 0 },
  a4x65: { paper: 'a4', columns: 5, rows: 13, width: 38.1, height: 21.2, top: 10.7, side: 4.65, gapX: 2.5, gapY: 0 },
  roll58x40: { paper: 'roll', columns: 1, rows: 1, width: 58, height: 40, top: 0, side: 0, gapX: 0, gapY: 0 },
} as const satisfies Record<string, LabelLayout>;
export type LayoutId = keyof typeof labelLayouts;
export const layoutIds = Object.keys(labelLayouts) as LayoutId[];
export const DEFAULT_LAYOUT: LayoutId = 'a4x24';

export const layoutOf = (param: string | null): LayoutId =>
  param && param in labelLayouts ? (param as LayoutId) : DEFAULT_LAYOUT;

/** An item and how many of its labels to print. */
export type LabelRequest = { id: number; count: number };

/** The count typed for a line (any digits): a whole number from 0 up to `MAX_LABELS`, else undefined. */
export function countOf(typed: string): number | undefined {
  const text = normalizeNumberInput(typed).trim();
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const count = Number(text);
  return count <= MAX_LABELS ? count : undefined;
}

/**
 * The labels an address asks for: `12:3,15` is item 12 three times and item 15 once; an item named twice keeps its
 * first count; what is not an id (or a count) is left out.
 */
export function labelRequestOf(param: string | null): LabelRequest[] {
  const seen = new Map<number, number>();
  for (const part of (param ?? '').split(',')) {
    const [idText = '', countText] = normalizeNumberInput(part).trim().split(':');
    const id = Number(idText);
    const count = countText === undefined ? 1 : countOf(countText);
    if (Number.isInteger(id) && id > 0 && count !== undefined && !seen.has(id)) seen.set(id, count);
  }
  return [...seen].map(([id, count]) => ({ id, count }));
}

/** The address of the labels screen for these items (`/labels?items=12:3,15:1`). */
export const labelsPath = (requests: LabelRequest[], layout?: LayoutId) =>
  `/labels?items=${requests.map((r) => `${r.id}:${r.count}`).join(',')}${layout ? `&layout=${layout}` : ''}`;

/**
 * A purchase's labels: one per unit received on each line (`labelsForQuantity`: a weight is one package), an item on
 * several lines adding up, in the order of the lines; at most `MAX_LABELS` in all.
 */
export function purchaseLabels(lines: { item_id: number; quantity: string }[]): LabelRequest[] {
  const counts = new Map<number, number>();
  for (const line of lines)
    counts.set(line.item_id, (counts.get(line.item_id) ?? 0) + labelsForQuantity(line.quantity));
  let left = MAX_LABELS;
  return [...counts].map(([id, count]) => {
    const kept = Math.min(count, left);
    left -= kept;
    return { id, count: kept };
  });
}

/** Each label in print order (every copy of the first item, then the next), at most `MAX_LABELS`. */
export function copiesOf<T extends { id: number }>(items: T[], counts: ReadonlyMap<number, number>): T[] {
  const copies: T[] = [];
  for (const item of items) {
    const count = counts.get(item.id) ?? 0;
    for (let i = 0; i < count && copies.length < MAX_LABELS; i++) copies.push(item);
  }
  return copies;
}

/** The labels cut into pages of the layout's labels each. */
export function pagesOf<T>(labels: T[], layout: LabelLayout): T[][] {
  const perPage = layout.columns * layout.rows;
  return Array.from({ length: Math.ceil(labels.length / perPage) }, (_, i) =>
    labels.slice(i * perPage, (i + 1) * perPage),
  );
}
