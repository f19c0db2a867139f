import type { PartySide } from '@mizan/contract';
import type { DocumentScreen } from './documentScreens.ts';

/** A word for each kind a record lists: a new kind of record does not compile until it is worded. */
type ByKind = Record<DocumentScreen['kind'], string>;

/**
 * The words of the sales, purchase and order records. Apart from salesText: the sales screen's first load carries
 * salesText and is held to a budget (build/firstLoad.ts), and it draws no record.
 */
export const recordText = {
  /** The first tab (the latest documents) and the label of the sums row, by the record's document kind. */
  recent: { pay: 'مبيعات حديثة', perch: 'مشتريات حديثة', perchOrder: 'طلبات شراء حديثة' } satisfies ByKind,
  sum: { pay: 'إجمالي المبيعات', perch: 'إجمالي المشتريات', perchOrder: 'إجمالي الطلبات' } satisfies ByKind,
  oneDate: 'بحث في تاريخ',
  range: 'بحث في فترة',
  preliminary: 'فواتير مبدئية',
  from: 'من',
  to: 'إلى',
  ref: 'رقم الفاتورة',
  party: { customer: 'العميل', supplier: 'المورد' } satisfies Record<PartySide, string>,
  numberHint: 'مثال: 12 أو S-12',
  more: 'المزيد',
  date: 'التاريخ',
  total: 'اجمالي المبلغ',
  discount: 'الخصــم',
  net: 'الإجمالي بعد الخصم',
  cash: 'نقدا',
  remaining: 'المتبقي',
  note: 'تعليق',
  user: 'المستخدم',
  print: 'طباعة',
  edit: 'تعديل',
  copySales: 'نسخ كفاتورة مبيعات',
  copyPurchase: 'نسخ كفاتورة مشتريات',
  empty: 'لا توجد فواتير',
} as const;
