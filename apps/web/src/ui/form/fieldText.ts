/**
 * The words of the field errors: refusals carry a code per field (the contract's `fieldErrors.ts`, and the API's
 * error codes for fields a conflict names), and the screens show these sentences under the field. A Record, so a
 * new code without its words fails to compile.
 */
import {
  type FieldErrorCode,
  isFieldErrorCode,
  MAX_AMOUNT_TEXT,
  MAX_QUANTITY_DIGITS,
  MIN_PASSWORD_LENGTH,
  messagesAr,
} from '@mizan/contract';

/** The bounds the server sets on uploads (its sheetLimits.ts and the logo's limit), as the user reads them. */
const SHEET_MB = 10;
const SHEET_ROWS = '50,000';

export const fieldTextAr: Record<FieldErrorCode, string> = {
  REQUIRED: 'هذا الحقل مطلوب',
  INVALID: 'القيمة غير صحيحة',
  TOO_SHORT: 'القيمة أقصر من المسموح',
  TOO_LONG: 'النص أطول من المسموح',
  NOT_A_NUMBER: 'أدخل رقما صحيحا',
  NOT_A_WHOLE_NUMBER: 'أدخل رقما صحيحا بلا كسور',
  NOT_POSITIVE: 'أدخل رقما أكبر من صفر',
  TOO_SMALL: 'القيمة أصغر من المسموح',
  TOO_BIG: 'القيمة أكبر من المسموح',
  NOT_AN_OPTION: 'اختر قيمة من القائمة',
  UNKNOWN_FIELD: 'حقل غير معروف',
  TEXT_UNSTORABLE: 'النص يحتوي على رموز غير مسموح بها',
  AMOUNT_INVALID: 'أدخل مبلغا صحيحا بحد أقصى خانتين عشريتين',
  AMOUNT_TOO_LARGE: `المبلغ أكبر من الحد المسموح (${MAX_AMOUNT_TEXT})`,
  AMOUNT_NOT_POSITIVE: 'يجب أن يكون المبلغ أكبر من صفر',
  AMOUNT_NEGATIVE: 'لا يمكن أن يكون المبلغ سالبا',
  QUANTITY_INVALID: 'أدخل كمية صحيحة بحد أقصى 3 خانات عشرية',
  QUANTITY_TOO_LARGE: `الكمية أكبر من الحد المسموح (${'9'.repeat(MAX_QUANTITY_DIGITS)})`,
  QUANTITY_NOT_POSITIVE: 'الكمية يجب أن تكون أكبر من صفر',
  QUANTITY_NEGATIVE: 'لا يمكن أن تكون الكمية سالبة',
  DUE_BEFORE_DATE: 'تاريخ السداد قبل تاريخ الفاتورة',
  OPENING_DATE_OUTSIDE_BOOK: 'لا توجد سنة مالية تشمل هذا التاريخ: اختر تاريخا داخل إحدى السنوات المالية',
  CLASS_IN_CLOSED_YEAR:
    'للحساب قيود في سنة مالية مقفلة، ونقله إلى حساب رئيسي آخر يغيّر أرقامها: يعيد المدير فتح السنة أولا أو يبقى الحساب في مكانه',
  OPENING_YEAR_CLOSED:
    'تاريخ الرصيد الافتتاحي في سنة مالية مقفلة (أو كان فيها): اختر تاريخا في سنة مفتوحة، أو يعيد المدير فتح السنة أولا',
  PERCENT_OUT_OF_RANGE: 'النسبة بين 0 و 100',
  DENOMINATIONS_NOT_SUM: 'مجموع الفئات لا يساوي المبلغ المكتوب',
  TRANSFER_SAME_STORE: 'اختر مخزنا غير المخزن المرسل',
  RECEIPT_BEFORE_TRANSFER: 'تاريخ الاستلام قبل تاريخ التحويل',
  NOTHING_IN_TRANSIT: 'لم يتبق من هذا التحويل شيء في الطريق',
  MERGE_TWO_OPENINGS: 'للصنفين كمية افتتاحية في السنة نفسها في مخزن واحد: احذف إحداهما أولا ثم ادمج',
  EAN_PREFIX_FORMAT: 'بادئة الباركود من 2 إلى 9 أرقام (مثل 04)',
  EAN_PREFIX_SCALE_RANGE:
    'هذه البادئة من أرقام ملصقات الموازين (20–29 و02): اختر بادئة أخرى، مثل 04، حتى لا يُقرأ ملصق الميزان كصنف آخر',
  DATE_INVALID: 'أدخل تاريخا صحيحا (يوم/شهر/سنة)',
  TIME_INVALID: 'أدخل وقتا صحيحا بالصيغة HH:mm',
  PHONE_INVALID: 'رقم الهاتف غير صحيح',
  COUNTRY_CODE_FORMAT: 'رمز الدولة حرفان لاتينيان كبيران مثل SD أو SA',
  CURRENCY_CODE_FORMAT: 'رمز العملة ثلاثة أحرف لاتينية كبيرة مثل SDG',
  VAT_NO_SAUDI: 'الرقم الضريبي في السعودية 15 رقما',
  VAT_NO_REQUIRED: 'الشركة المسجلة في ضريبة القيمة المضافة تحتاج رقمها الضريبي',
  SELLER_NAME_TOO_LONG: 'اسم البائع أطول مما يحمله رمز الاستجابة الضريبي (255 بايت)',
  PASSWORD_TOO_SHORT: `كلمة المرور ${MIN_PASSWORD_LENGTH} أحرف على الأقل`,
  USER_NAME_FORMAT: 'اسم المستخدم من 2 إلى 64 حرفا بلا مسافات',
  NO_LINES: 'أضف صنفا واحدا على الأقل',
  STORE_NOT_FOUND: 'مخزن غير موجود',
  CATEGORY_NOT_FOUND: 'التصنيف غير موجود',
  MAIN_ACCOUNT_NOT_FOUND: 'الحساب الرئيسي غير موجود',
  ACCOUNT_CATEGORY_NOT_FOUND: 'تصنيف الحساب غير موجود',
  USER_NAME_TAKEN: 'اسم المستخدم مستخدم من قبل',
  CANNOT_DISABLE_SELF: 'لا يمكنك تعطيل حسابك أنت',
  LOGO_TYPE: 'الشعار صورة PNG أو JPEG أو WebP',
  LOGO_TOO_LARGE: 'حجم الشعار حتى 1 ميغابايت',
  FILE_REQUIRED: 'اختر ملفا',
  FILE_NOT_A_SHEET: 'الملف ليس ملف Excel صالحا (.xlsx)',
  FILE_TOO_LARGE: `حجم الملف أو محتواه أكبر من المسموح (${SHEET_MB} ميجابايت)؛ قسّمه إلى ملفات أصغر`,
  FILE_TOO_MANY_ROWS: `الملف يحوي أكثر من ${SHEET_ROWS} صف؛ قسّمه إلى ملفات أصغر`,
  FILE_UNPACKS_TOO_LARGE: 'محتوى الملف بعد فك الضغط أكبر من الحد المسموح؛ قسّمه إلى ملفات أصغر',
  FILE_CELL_TOO_LONG: 'في الملف خلية نصها أطول من ٢٠٠٠ حرف؛ لا يقبل الاستيراد خلية بهذا الطول',
  ITEM_COLUMNS_MISSING: 'الملف لا يحوي الأعمدة المطلوبة: اسم الصنف، سعر الشراء، سعر البيع (استخدم القالب)',
  OPENING_COLUMNS_MISSING: 'الملف لا يحوي الأعمدة المطلوبة: الكود، الكمية (استخدم القالب)',
  FILE_UPDATES_ITEMS: 'صنف بهذا الكود موجود: تحديث الأصناف الموجودة لمدير النظام فقط',
  CODE_REPEATED_IN_FILE: 'الكود مكرر في الملف',
  BARCODE_REPEATED_IN_FILE: 'الباركود مكرر في الملف',
  NOT_THE_ORIGINAL_PARTY: 'الطرف يجب أن يكون طرف الفاتورة الأصلية',
};

/**
 * The sentence of a field error's code; a missing value reads with the field's label ("اسم الحساب مطلوب"). A text
 * that is no code (a screen's own message) is shown as it is.
 */
export function wordFieldError(code: string, label?: string): string;
export function wordFieldError(code: string | undefined, label?: string): string | undefined;
export function wordFieldError(code: string | undefined, label?: string) {
  if (code === undefined) return undefined;
  if (code === 'REQUIRED' && label) return `${label} مطلوب`;
  if (isFieldErrorCode(code)) return fieldTextAr[code];
  if (Object.hasOwn(messagesAr, code)) return messagesAr[code as keyof typeof messagesAr];
  return code;
}
