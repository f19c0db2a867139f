/** The Arabic text of the opening quantities screen. */
export const openingStockText = {
  intro:
    'استورد الكميات الافتتاحية للسنة المالية المختارة من ملف Excel: تُطابق الأصناف بالكود، وتحل كمية كل صنف في الملف محل كميته الافتتاحية السابقة في هذا المخزن وهذه السنة. الأصناف غير المذكورة في الملف تبقى كما هي، إلا إذا اخترت مسحها.',
  clearUnlisted: 'مسح الكميات الافتتاحية للأصناف غير المذكورة في الملف (ومنها الأصناف بلا كود)',
  /** The preview's count of the year's openings of items the sheet leaves out, by the choice made. */
  unlisted: (count: number, clearing: boolean) =>
    count === 0
      ? 'كل الأصناف التي لها كمية افتتاحية مذكورة في الملف.'
      : clearing
        ? `سيُمسح ${count} من الكميات الافتتاحية لأصناف غير مذكورة في الملف.`
        : `${count} من الكميات الافتتاحية لأصناف غير مذكورة في الملف تبقى كما هي.`,
  year: (desc: string) => `السنة المالية: ${desc}`,
  search: 'بحث بالاسم أو الكود أو الباركود',
  code: 'الكود',
  name: 'الصنف',
  quantity: 'الكمية',
  perch: 'سعر الشراء',
  pay: 'سعر البيع',
  empty: 'لا توجد كميات افتتاحية لهذه السنة',
  /** A later year: its openings are what the year before left (one book), not typed. */
  carried:
    'هذه ليست أول سنة للمخزن: أول المدة فيها هو ما تركته السنة السابقة من كميات وتكلفة، ويُعرض هنا للاطلاع فقط. الكميات الافتتاحية تُدخل في أول سنة، وأي فرق يُسوّى بالجرد.',
  carriedCost: 'متوسط التكلفة',
  editIntro:
    'الكميات الافتتاحية لأول سنة للمخزن: عدّل كمية كل صنف وسعري الشراء والبيع هنا، أو ارفع ملف Excel لكل الأصناف مرة واحدة.',
  totalValue: 'قيمة الكميات الافتتاحية بسعر الشراء',
  uploadSheet: 'رفع ملف Excel للكميات الافتتاحية',
  addItem: 'إضافة صنف: ابحث عنه ثم أدخل كميته وسعريه',
  edit: 'تعديل',
  editTitle: (name: string) => `الكمية الافتتاحية: ${name}`,
  close: 'إغلاق',
  save: 'حفظ',
  saved: (name: string) => `تم حفظ الكمية الافتتاحية للصنف ${name}`,
  /** The name the downloaded import template is saved under. */
  templateFile: 'قالب-الكميات-الافتتاحية.xlsx',
} as const;
