/** The Arabic text of the opening quantities screen. */
export const openingStockText = {
  intro:
    'استورد الكميات الافتتاحية للسنة المالية المختارة من ملف Excel: تُطابق الأصناف بالكود، وتحل الكميات الجديدة محل الكميات الافتتاحية السابقة لهذا المخزن وهذه السنة.',
  year: (desc: string) => `السنة المالية: ${desc}`,
  search: 'بحث بالاسم أو الكود',
  code: 'الكود',
  name: 'الصنف',
  quantity: 'الكمية',
  perch: 'سعر الشراء',
  pay: 'سعر البيع',
  empty: 'لا توجد كميات افتتاحية لهذه السنة',
  /** The name the downloaded import template is saved under. */
  templateFile: 'قالب-الكميات-الافتتاحية.xlsx',
} as const;
