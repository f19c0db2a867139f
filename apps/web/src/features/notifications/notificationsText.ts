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
  stock: {
    zero: 'الأصناف المنتهية',
    negative: 'اصناف بكميات سالبة',
    below_min: 'أصناف أقل من الحد الأدنى',
  },
  noStockAlert: 'لا توجد أصناف',
  quantity: 'الكمية',
  minimum: 'الحد الأدنى',
  movement: 'حركة الصنف',
  loading: 'جارٍ التحميل…',
} as const;
