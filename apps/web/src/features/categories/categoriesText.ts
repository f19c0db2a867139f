/** The Arabic text of the item categories screen. */
export const categoriesText = {
  name: 'اسم التصنيف',
  desc: 'وصف التصنيف',
  created: 'تاريخ الإنشاء',
  items: 'عدد الأصناف',
  add: 'إضافة تصنيف',
  update: 'حفظ التعديل',
  cancelEdit: 'إلغاء التعديل',
  saved: 'تم حفظ التصنيف',
  deleted: 'تم حذف التصنيف',
  confirm: (name: string) => `هل تريد حذف التصنيف "${name}"؟`,
  empty: 'لا توجد تصنيفات بعد',
  note: 'التصنيفات لتنظيم الأصناف فقط؛ لا يمكن حذف تصنيف مستخدم في أصناف.',
  edit: 'تعديل',
  delete: 'حذف',
  cancel: 'إلغاء',
  ok: 'موافق',
} as const;
