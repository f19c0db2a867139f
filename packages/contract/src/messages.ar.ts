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
  STOCK_INSUFFICIENT: 'الكمية المطلوبة أكبر من المتوفر في المخزن لبعض الأصناف',
  NEGATIVE_REMAINDER: 'الرجاء مراجعة المبلغ المستلم والخصم: المدفوع أكبر من صافي الفاتورة',
  DISCOUNT_EXCEEDS_TOTAL: 'الخصم أكبر من إجمالي الفاتورة',
  ACCOUNT_NOT_FOUND: 'الحساب المحدد غير موجود في هذا المخزن',
  ITEM_NOT_FOUND: 'صنف غير موجود في هذا المخزن',
  DOCUMENT_NOT_EDITABLE: 'لا يمكن تعديل هذا المستند بهذه الطريقة',
  PRICE_NOT_POSITIVE: 'التعديل يجعل سعر بعض الأصناف صفرا أو أقل، راجع القيمة',
  INTERNAL: 'حدث خطأ غير متوقع في الخادم، لم يتم حفظ البيانات، حاول مرة أخرى',
  // The accounting year and idempotency keys (issue 8, section 3 and 1).
  YEAR_REQUIRED: 'حدد السنة المالية: هذا الطلب يخص سنة مالية ولم تُرسل السنة',
  DATE_OUTSIDE_YEAR: 'تاريخ المستند خارج السنة المالية المختارة',
  DOCUMENT_IN_OTHER_YEAR: 'هذا المستند من سنة مالية أخرى: اختر سنته لتعديله، فالمستند لا ينتقل بين السنوات',
  IDEMPOTENCY_KEY_REUSED: 'مفتاح الحفظ نفسه أُرسل سابقا مع فاتورة مختلفة، لم يتم الحفظ: افتح فاتورة جديدة واحفظها',
  // Issue 21, selling offline.
  DEVICE_COUNTER_REUSED: 'رقم البيع نفسه من هذا الجهاز محفوظ سابقا لفاتورة أخرى، لم يتم الحفظ: راجع الفاتورة مع المدير',
  // Bad input (issue 8, "input").
  AMOUNT_TOO_LARGE: 'المبلغ أو الكمية أكبر من الحد المسموح، راجع الحقول المظللة',
  UPLOAD_UNREADABLE: 'تعذرت قراءة الملف المرفوع (انقطع الإرسال أو الطلب غير صحيح)، أعد رفع الملف',
  REQUEST_TOO_LARGE: 'الطلب أطول من المسموح، قلل طول البحث أو عدد البيانات المرسلة',
  // Issue 8, security and robustness (helper "sec").
  DATABASE_UNAVAILABLE: 'قاعدة البيانات لا تستجيب الآن، أعد المحاولة بعد لحظات',
  // Issue 32.
  DISK_FULL: 'القرص ممتلئ: لم يُحفظ شيء من هذه العملية. أبلغ المسؤول ليفرّغ مساحة على القرص، ثم أعد الحفظ',
  DATABASE_UPGRADE_FAILED:
    'تعذر تحديث قاعدة البيانات إلى هذا الإصدار، ولم يتغير فيها شيء: شغّل الإصدار السابق أو تواصل مع الدعم الفني',
  // Issue 8 (stock and accounts).
  NOT_A_CUSTOMER: 'فاتورة المبيعات تسجل على حساب عميل فقط، اختر عميلا',
  NOT_A_SUPPLIER: 'فاتورة المشتريات وأمر الشراء يسجلان على حساب مورد فقط، اختر موردا',
  // Issue 18 (journals).
  JOURNAL_UNBALANCED: 'القيد غير متوازن: مجموع المدين يجب أن يساوي مجموع الدائن وأن يكون أكبر من صفر',
  JOURNAL_LINE_ONE_SIDE: 'كل سطر في القيد إما مدين وإما دائن: أدخل مبلغه في جانب واحد فقط',
  JOURNAL_LINE_WRONG_SIDE: 'سطر الطرف المدين (من حساب) مبلغه في المدين، وسطر الطرف الدائن (إلى حساب) مبلغه في الدائن',
  ACCOUNT_KEPT_BY_STOCK: 'حساب المخزون يتغير بحركات المخزون فقط (الفواتير والمرتجعات والجرد)، لا بقيد يدوي',
  // Issue 10 (returns).
  ORIGINAL_NOT_FOUND: 'الفاتورة الأصلية غير موجودة في هذا المخزن والسنة المالية (ربما حُذفت)',
  ITEM_NOT_ON_ORIGINAL: 'هذا الصنف ليس في الفاتورة الأصلية',
  RETURN_EXCEEDS_REMAINING: 'الكمية المرتجعة أكبر من المتبقي القابل للإرجاع من الفاتورة الأصلية',
  RETURN_PRICE_ABOVE_ORIGINAL: 'سعر الإرجاع أكبر من سعر الصنف في الفاتورة الأصلية بعد الخصم',
  DOCUMENT_HAS_RETURNS: 'لا يمكن حذف الفاتورة لوجود مرتجعات عليها، احذف المرتجعات أولا',
  BELOW_RETURNED: 'لا يمكن أن تقل كمية صنف في الفاتورة عما أُرجع منه في المرتجعات',
  // Issue 18 (returns follow their original).
  PARTY_HAS_RETURNS: 'لا يمكن تغيير العميل أو المورد في فاتورة عليها مرتجعات، احذف المرتجعات أولا',
  BELOW_REFUNDED: 'لا يمكن أن يقل سعر صنف أو صافي الفاتورة عما رُدّ منه في المرتجعات',
  // Issue 18 (one book across years).
  YEAR_CLOSED: 'السنة المالية مقفلة: لا يُحفظ أو يُعدّل أو يُحذف مستند بتاريخ فيها إلا بعد أن يعيد المدير فتحها',
  OPENINGS_IN_FIRST_YEAR:
    'الكميات الافتتاحية تخص أول سنة للمتجر؛ أول المدة في السنوات التالية هو ما تركته السنة السابقة، وأي فرق يُسوّى بجرد',
  RETURN_BEFORE_ORIGINAL: 'لا يكون المرتجع بتاريخ أو وقت قبل فاتورته الأصلية',
  ORIGINAL_AFTER_RETURN: 'لا يمكن نقل الفاتورة إلى تاريخ بعد مرتجعاتها، عدّل تاريخ المرتجعات أو احذفها أولا',
  // Issue 18 (stock counts).
  COUNT_EQUALS_SYSTEM: 'الكمية الفعلية تساوي الكمية في النظام: لا فرق لتسويته، احذف هذا الصنف من الجرد',
  ITEM_REPEATED: 'الصنف مكرر في الجرد: اجمع الكمية الفعلية للصنف في سطر واحد',
  // Issue 21.
  PAST_DAY_ADMIN_ONLY: 'تعديل أو حذف فاتورة نهائية من يوم سابق متاح لمدير النظام فقط',
  WALK_IN_UNPAID: 'البيع لـ "عميل نقدي" نقدي: المدفوع يساوي صافي الفاتورة، وللبيع الآجل اختر حساب العميل',
  // Issue 20 (reports).
  DATE_RANGE_REVERSED: 'تاريخ البداية بعد تاريخ النهاية: اختر فترة يسبق أولها آخرها',
  // Issue 20 (accounts and vouchers).
  ACCOUNT_TYPE_NOT_OF_CLASS:
    'نوع الحساب لا يوافق حسابه الرئيسي: حسابات الميزانية أصول أو خصوم أو حقوق ملكية، وحسابات الأرباح والخسائر إيرادات أو تكلفة مبيعات أو مصروفات',
  ACCOUNT_PARENT_INVALID:
    'الحساب الأب غير صالح: يجب أن يكون من حسابات المخزن ومن نفس النوع، وليس الحساب نفسه أو أحد فروعه',
  NOT_A_MONEY_ACCOUNT: 'الخزينة أو البنك: اختر حسابا من حسابات النقدية والبنوك',
  NOT_AN_EXPENSE_ACCOUNT: 'سند المصروفات يسجل على حساب مصروفات فقط',
  VOUCHER_SAME_ACCOUNT: 'الحساب لا يكون هو الخزينة أو البنك نفسه',
  ALLOCATION_NOT_OPEN_INVOICE:
    'الفاتورة المختارة ليست فاتورة مفتوحة لهذا الحساب (فاتورة مبيعات لسند القبض، ومشتريات لسند الدفع)',
  ALLOCATION_EXCEEDS_INVOICE: 'المبلغ المخصص لفاتورة أكبر من المتبقي عليها',
  ALLOCATION_EXCEEDS_PAYMENT: 'مجموع المبالغ المخصصة للفواتير أكبر من مبلغ السند',
  INVOICE_BELOW_SETTLED: 'لا يقل المتبقي على الفاتورة عما سددته السندات منها: عدّل السندات أو احذفها أولا',
  OWNER_ONLY: 'حساب المالك لا يديره إلا المالك نفسه',
  USER_IN_OTHER_STORES: 'هذا المستخدم يعمل أيضاً في مخازن لست مديراً لها؛ يديره المالك أو من يدير كل مخازنه',
  LAST_ADMIN: 'هذا آخر مدير نشط لأحد المخازن، فلا يمكن تعطيله أو تغيير كلمة مروره',
  ALL_STORES_ADMIN_ONLY: 'بيانات الشركة مشتركة بين كل المخازن، فلا يعدلها إلا من يدير كل المخازن',
  PERMISSION_DENIED: 'ليست لديك صلاحية',
  PERMISSION_UNDECLARED: 'هذه العملية لم تُعلن لها صلاحية، فلا يقوم بها أحد',
  OWNER_ROLE_FIXED: 'دور المالك يملك كل الصلاحيات، ولا يُسند إلا للمالك',
  SHIFT_NOT_OPEN: 'لا توجد وردية مفتوحة على هذا الكاشير: افتح الوردية أولا (بعدّ النقدية الافتتاحية)، ثم أعد الحفظ',
  SHIFT_ALREADY_OPEN: 'على هذا الكاشير وردية مفتوحة: أقفلها أولا، فلا تُفتح على الكاشير الواحد إلا وردية واحدة',
  SHIFT_CLOSED: 'هذه الوردية مقفلة، فلا تُسجّل عليها حركة: افتح وردية جديدة أو يعيد المدير فتحها',
  SHIFT_STILL_OPEN: 'على هذا الكاشير وردية أخرى مفتوحة، فلا تُعاد هذه الوردية للفتح قبل إقفالها',
  BARCODE_NUMBERS_USED_UP: 'نفدت أرقام الباركود تحت بادئة المخزن: اختر بادئة أقصر أو أخرى من الإعدادات',
  TRANSFER_RECEIVED: 'استُلم من هذا التحويل شيء، فلا يُعدّل ولا يُحذف: احذف الاستلام أولا أو أعد ما تبقى إلى المخزن المرسل',
  ITEM_NOT_ON_TRANSFER: 'هذا الصنف ليس في التحويل',
  MORE_THAN_IN_TRANSIT: 'الكمية أكبر مما تبقى في الطريق من هذا التحويل',
  PRICE_LIST_NOT_FOUND: 'قائمة الأسعار غير موجودة لهذا المخزن',
  PRICE_LIST_NAME_TAKEN: 'يوجد قائمة أسعار بهذا الاسم',
  PRICE_LIST_IN_USE: 'على قائمة الأسعار عملاء: اختر لهم قائمة أخرى أولا ثم احذفها',
};

/** The memos of a document's ledger lines, from its kind's label: what it charges, and the money paid on it. */
export const postingMemosAr = {
  document: (label: string) => label,
  payment: (label: string) => `المدفوع على ${label}`,
  /** The cost of the goods a document moved (cost of sales against inventory). */
  cost: (label: string) => `تكلفة ${label}`,
  /** Opening stock at its stated cost, against the opening-balance account. */
  openingStock: 'بضاعة أول المدة',
  /** An account's opening balance, on the account. */
  openingBalance: 'رصيد افتتاحي',
  /** Its other side, on the opening-balance account, naming the account. */
  openingBalanceOf: (name: string) => `رصيد افتتاحي: ${name}`,
  /** A journal line without a note of its own or of its journal. */
  journal: 'قيد محاسبي',
  /** A stock count's differences at cost, against the stock-adjustment account. */
  stockCount: 'تسوية جردية',
  /** Goods sent to another store, at cost, from inventory into transit. */
  transferOut: 'بضاعة محولة إلى مخزن آخر',
  /** Goods received from another store, at the cost they left it, from transit into inventory. */
  transferIn: 'بضاعة مستلمة من مخزن آخر',
};
