/** The words of the owner's view across stores. */
export const consolidatedText = {
  store: 'المخزن',
  netSales: 'صافي المبيعات',
  grossProfit: 'مجمل الربح',
  salesCount: 'عدد المبيعات',
  averageSale: 'متوسط الفاتورة',
  totals: 'جميع المخازن',
  empty: 'لا توجد مخازن تقرأ تقاريرها',
  /** A store where the user's role does not read costs. */
  hidden: '—',
  failed: 'تعذر تحميل مبيعات المخازن',
  // The company's stock over the stores.
  item: 'الصنف',
  code: 'الكود',
  valueIn: 'قيمة',
  inTransit: 'في الطريق',
  inTransitValue: 'قيمة ما في الطريق',
  quantity: 'الكمية الكلية',
  value: 'القيمة الكلية بالتكلفة',
  search: 'بحث عن صنف',
  noItems: 'لا توجد أصناف',
};
