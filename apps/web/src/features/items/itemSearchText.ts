/** The Arabic text of the item search (items-serarch): a screen on a phone, a dialog on a desktop. */
export const itemSearchText = {
  open: 'بحث الأصناف',
  title: 'بحث الأصناف',
  close: 'إغلاق',
  search: 'الاسم أو الاسم بالإنجليزية أو الاسم المستعار أو الكود أو الباركود',
  category: 'التصنيف',
  brand: 'الماركة',
  all: 'الكل',
  code: 'الكود',
  barcode: 'الباركود',
  price: 'سعر البيع',
  stock: 'المخزون',
  found: (shown: number, total: number) => `${shown} من ${total}`,
  none: 'لا توجد أصناف مطابقة',
  more: 'تحميل المزيد',
  pickHint: 'اختر صنفا لعرض حركته',
} as const;
