import { natureText, natureWords } from './natureText.ts';

/** The Arabic text of the account screens. */
export const accountsText = {
  newAccount: 'إنشاء حساب جديد',
  editAccount: 'تعديل حساب',
  search: 'بحث بالاسم أو الكود أو الهاتف',
  category: 'تصنيف',
  allCategories: 'كل التصنيفات',
  nature: 'طبيعة الحساب',
  balanceSide: 'نوع الرصيد',
  any: 'الكل',
  ...natureWords,
  hasBalance: 'رصيد > 0',
  clear: 'مسح الفلاتر',
  openingNotice:
    'الأرصدة المعروضة حاليا هي الأرصدة الافتتاحية مضافا إليها ما رُحّل من فواتير؛ ستضاف السندات والقيود عند اكتمال وحدة الحسابات.',
  columns: {
    code: 'الكود',
    name: 'اسم الحساب',
    main: 'الحساب الرئيسي',
    nature: 'النوع',
    category: 'التصنيف',
    phone: 'الهاتف',
    balance: 'الرصيد الحالي',
  },
  fields: {
    sub_name: 'اسم الحساب',
    ac_id: 'الحساب الرئيسي',
    sub_code: 'كود الحساب',
    sub_balance: 'الرصيد الافتتاحي',
    opening_date: 'تاريخ الرصيد الافتتاحي',
    cat_id: 'تصنيف الحساب',
    phone: 'الهاتف',
    address: 'العنوان',
    account_type: 'نوع الحساب',
    parent_id: 'الحساب الأب',
    price_list_id: 'قائمة الأسعار',
  },
  noPriceList: 'بلا قائمة (سعر الصنف)',
  openingDateHint:
    'اليوم الذي أُخذ فيه الحساب برصيده: يظهر الرصيد في التقارير وكشف الحساب من هذا التاريخ، ولا يُقبل بتاريخ في سنة مالية مقفلة',
  typeOfClass: 'حسب الحساب الرئيسي',
  noParent: 'بدون (في أعلى الشجرة)',
  noCategory: 'بدون تصنيف',
  system: 'حساب نظام',
  save: 'حفظ',
  saved: 'تم حفظ الحساب',
  deleted: 'تم حذف الحساب',
  edit: 'تعديل',
  delete: 'حذف',
  close: 'إغلاق',
  cancel: 'إلغاء',
  ok: 'موافق',
  confirmDelete: (name: string) => `هل تريد حذف الحساب "${name}"؟`,
  empty: 'لا توجد حسابات مطابقة',
  notFound: 'الحساب غير موجود',
} as const;

export { natureText };

/** The account pickers' words (the voucher's account, the journal's rows, the statement). */
export const accountPickerText = {
  placeholder: 'اكتب اسم الحساب أو رقمه',
  none: 'لا يوجد حساب بهذا الاسم أو الرقم',
  balance: 'الرصيد',
} as const;
