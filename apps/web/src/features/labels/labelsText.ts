import type { LayoutId } from './labelSheet.ts';

/** The Arabic text of the labels screen (docs/labels.md). */
export const labelsText = {
  print: 'طباعة',
  layouts: {
    // No parentheses and no Latin between the numbers: each size reads right to left as width × height.
    a4x24: '24 ملصقا، 70 × 37 مم، ورق A4',
    a4x40: '40 ملصقا، 52.5 × 29.7 مم، ورق A4',
    a4x65: '65 ملصقا، 38.1 × 21.2 مم، ورق A4',
    roll58x40: 'طابعة ملصقات، 58 × 40 مم',
  } satisfies Record<LayoutId, string>,
  item: 'الصنف',
  code: 'الكود',
  barcode: 'الباركود',
  price: 'السعر',
  count: 'عدد الملصقات',
  noBarcode: 'بلا باركود',
  cannotPrint: 'لا يطبع: لا باركود ولا كود صالح',
  assign: 'إعطاء باركود للأصناف التي بلا باركود',
  assigned: (n: number) => `أُعطي ${n} صنف باركود المخزن`,
  summary: (labels: number, pages: number) => `${labels} ملصق على ${pages} صفحة`,
  noItems: 'لم تُختر أصناف: حدد أصنافا من شاشة المخزون، أو افتح الملصقات من صنف أو من فاتورة شراء',
  badCount: 'عدد الملصقات عدد صحيح من 0 إلى 1000',
  ofPurchase: (ref: string) => `ملصقات فاتورة الشراء ${ref}: ملصق لكل وحدة مستلمة`,
} as const;
