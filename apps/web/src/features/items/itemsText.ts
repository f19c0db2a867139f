import type { PriceChangeBody, QueryOf, routes } from '@mizan/contract';

type PriceDirection = QueryOf<typeof routes.items.previewPriceChange>['direction'];

/** The Arabic text of the item screens. */
export const itemsText = {
  newItem: 'صنف جديد',
  editItem: 'تعديل صنف',
  search: 'بحث بالاسم أو الكود أو الباركود',
  allCategories: 'كل التصنيفات',
  allBrands: 'كل الماركات',
  allModels: 'كل الموديلات',
  category: 'التصنيف',
  brand: 'الماركة',
  model: 'الموديل',
  columns: 'إخفاء الأعمدة',
  prices: 'تعديل الأسعار',
  importExcel: 'استيراد من Excel',
  exportExcel: 'تصدير إلى Excel',
  edit: 'تعديل',
  delete: 'حذف',
  empty: 'لا توجد أصناف مطابقة',
  confirmDelete: (name: string) => `هل تريد حذف الصنف "${name}"؟`,
  deleted: 'تم حذف الصنف',
  saved: 'تم حفظ الصنف',
  cancel: 'إلغاء',
  ok: 'موافق',
  save: 'حفظ',
  close: 'إغلاق',
  fields: {
    item_name: 'اسم الصنف',
    item_desc: 'الاسم بالإنجليزية',
    aliasEn: 'اسم مستعار',
    part_no: 'الكود',
    item_parcode: 'الباركود',
    brand: 'الماركة',
    model: 'الموديل',
    item_unit: 'الوحدة',
    min_qty: 'أقل كمية',
    perch_price: 'سعر الشراء',
    pay_price: 'سعر البيع',
    tax: 'الضريبة %',
    category_id: 'التصنيف',
    firstQuantity: 'الكمية الافتتاحية',
    imageUrl: 'رابط الصورة',
  },
  profit: 'نسبة الربح',
  calculator: 'حاسبة سعر البيع',
  /**
   * What the item cost (issue 35): its own purchase price is the one typed on it and never follows purchases, so
   * the card shows beside it the last purchase price and the moving-average cost, and the profit and the helper
   * say which one they are on.
   */
  costs: {
    lastPurchase: 'آخر سعر شراء',
    invoice: 'فاتورة',
    comma: '، ',
    on: 'بتاريخ',
    noPurchase: 'لا توجد مشتريات لهذا الصنف',
    avgCost: 'متوسط التكلفة',
    noStock: 'لا يوجد مخزون',
    useLast: 'اعتماد آخر سعر شراء',
    profitOn: {
      perch: 'نسبة الربح على سعر الشراء',
      last: 'على آخر سعر شراء',
      avg: 'على متوسط التكلفة',
    },
    base: { perch: 'سعر الشراء', last: 'آخر سعر شراء', avg: 'متوسط التكلفة' },
    calculatorFrom: (base: string) => `حاسبة سعر البيع من ${base}`,
  },
  customMargin: 'نسبة مخصصة %',
  copyPerch: 'نسخ سعر الشراء',
  newCategory: 'إضافة تصنيف جديد',
  newCategoryName: 'اسم التصنيف',
  noCategory: 'بدون تصنيف',
  /** The names the downloaded sheets are saved under. */
  exportFile: 'الأصناف.xlsx',
  templateFile: 'قالب-الأصناف.xlsx',
  /** The bulk price change (PriceChangeModal). */
  priceChange: {
    direction: { increase: 'زيادة', decrease: 'نقصان' } satisfies Record<PriceDirection, string>,
    mode: { amount: 'مبلغ', percent: 'نسبة %' } satisfies Record<PriceChangeBody['mode'], string>,
    payval: 'تغيير سعر البيع',
    perchval: 'تغيير سعر الشراء',
    preview: 'معاينة',
    apply: 'تطبيق على الأصناف',
    affected: (n: number) => `سيتغير سعر ${n} صنف`,
    noneAffected: 'لا توجد أصناف يشملها التعديل',
    notPositive: (n: number) => `${n} صنف سيصبح سعره صفرا أو أقل؛ لن يُطبق التعديل`,
    done: (n: number) => `تم تعديل أسعار ${n} صنف`,
    scope: (category: string | undefined) => (category ? `الأصناف في التصنيف المحدد` : 'كل أصناف المخزن'),
  },
} as const;
