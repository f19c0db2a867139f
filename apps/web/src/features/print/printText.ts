import type { PartySide } from '@mizan/contract';

/** The words of the print: Arabic, and English for the purchase orders sent to foreign suppliers. */
export const printText = {
  party: { customer: 'العميل:', supplier: 'المورد:' } satisfies Record<PartySide, string>,
  ref: 'رقم الفاتورة:',
  original: 'الفاتورة الأصلية:',
  date: 'التاريخ:',
  item: 'الصنف',
  quantity: 'الكمية',
  unitPrice: 'سعر الوحدة',
  total: 'المجموع',
  gross: 'إجمالي المبلغ',
  discount: 'الخصم',
  net: 'الإجمالي بعد الخصم',
  paid: 'المبلغ المدفوع',
  remaining: 'المتبقي',
  // A return's money goes back: refunded now, the rest off the party's balance.
  refunded: 'المبلغ المسترد',
  offBalance: 'يخصم من الرصيد',
  received: 'المبلغ المستلم',
  change: 'الباقي للعميل',
  balance: 'الرصيد الحالي',
  user: 'المستخدم:',
  note: 'ملاحظة:',
  phone: 'هاتف',
  trade: 'س.ت',
  vat: 'الرقم الضريبي',
  print: 'طباعة',
  english: 'EN',
  arabic: 'عربي',
  receipt: 'إيصال مختصر',
  a4: 'A4',
  notFound: 'المستند المطلوب غير موجود',
} as const;

/** Purchase orders can be printed in English for foreign suppliers (screens.md: `perchOrderEn`). */
export const printTextEn = {
  ...printText,
  order: 'Purchase Order',
  party: { ...printText.party, supplier: 'Supplier:' },
  ref: 'No.:',
  date: 'Date:',
  item: 'Item',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  total: 'Total',
  gross: 'Total amount',
  user: 'User:',
  note: 'Note:',
  phone: 'Tel',
} as const;
