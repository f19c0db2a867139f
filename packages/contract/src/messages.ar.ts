import type { ErrorCode } from './errors.ts';

/** The Arabic text shown for each error code. A Record, so a new code without its message fails to compile. */
export const messagesAr: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'البيانات المدخلة غير صحيحة، راجع الحقول المظللة',
  LOGIN_FAILED: 'خطأ في اسم المستخدم أو كلمة المرور',
  NOT_SIGNED_IN: 'انتهت الجلسة، الرجاء تسجيل الدخول من جديد',
  XSRF_MISSING: 'انتهت صلاحية الصفحة، أعد تحميلها ثم حاول مرة أخرى',
  STORE_FORBIDDEN: 'لا تملك صلاحية الوصول إلى بيانات هذا المخزن',
  YEAR_NOT_FOUND: 'السنة المالية المحددة غير موجودة',
  NOT_FOUND: 'العنصر المطلوب غير موجود',
  METHOD_NOT_ALLOWED: 'طريقة الطلب غير مسموحة لهذا المسار',
  TOO_MANY_ATTEMPTS: 'محاولات دخول كثيرة خاطئة، انتظر دقيقة ثم حاول مرة أخرى',
  CONFLICT: 'تعذر تنفيذ العملية لتعارضها مع بيانات موجودة',
  ADMIN_ONLY: 'هذه العملية متاحة لمدير النظام فقط',
  CATEGORY_IN_USE: 'لا يمكن حذف التصنيف لأنه مستخدم في أصناف',
  CATEGORY_NAME_TAKEN: 'يوجد تصنيف بنفس الاسم',
  ITEM_IN_USE: 'لا يمكن حذف الصنف لأنه مستخدم في فواتير أو حركات مخزنية',
  ITEM_CODE_TAKEN: 'كود الصنف مستخدم لصنف آخر في هذا المخزن',
  ITEM_BARCODE_TAKEN: 'الباركود مستخدم لصنف آخر في هذا المخزن',
  ITEMS_HAVE_MOVEMENTS: 'لا يمكن حذف جميع الأصناف لوجود حركات مخزنية عليها',
  ACCOUNT_IN_USE: 'لا يمكن حذف الحساب لوجود قيود أو فواتير عليه',
  ACCOUNT_NAME_TAKEN: 'يوجد حساب بنفس الاسم في هذا المخزن',
  ACCOUNT_CODE_TAKEN: 'كود الحساب مستخدم لحساب آخر',
  SYSTEM_ACCOUNT: 'هذا حساب أساسي يستخدمه النظام في الترحيل ولا يمكن حذفه أو نقله',
  PRICE_NOT_POSITIVE: 'التعديل يجعل سعر بعض الأصناف صفرا أو أقل، راجع القيمة',
  INTERNAL: 'حدث خطأ غير متوقع في الخادم، لم يتم حفظ البيانات، حاول مرة أخرى',
};
