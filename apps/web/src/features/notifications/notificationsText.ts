/** The Arabic text of the notifications screen. */
export const notificationsText = {
  customers: 'مواعيد سداد العملاء',
  suppliers: 'مواعيد سداد الموردين',
  invoiceOf: 'فاتورة',
  dated: 'بتاريخ',
  due: 'تاريخ السداد',
  remaining: 'المتبقي',
  open: 'عرض',
  none: 'لا توجد مواعيد سداد',
  stockLater: 'تنبيهات الأصناف المنتهية والكميات السالبة تأتي مع وحدة المخزون.',
} as const;
