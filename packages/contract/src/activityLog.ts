/**
 * The activity log's actions: each is written as its legacy token (`typee`, as the log has always read: `login`,
 * `insert sales`) and read by people as one Arabic sentence. Writing an action that is not here does not compile,
 * and a document kind's actions come from the registry, so a new kind is logged (and worded) without a new entry.
 * Kept free of zod, so any screen can word the log.
 */
import { type DocumentKind, documentKinds } from './documentKinds.ts';

const fixedActions = {
  login: 'تسجيل الدخول',
  logout: 'تسجيل الخروج',
  // Written by the server, not by the user named: the account's sign-in was past its limit (auth.queries.ts).
  'login locked': 'إيقاف الدخول مؤقتاً بعد محاولات خاطئة كثيرة',
  'insert user': 'إضافة مستخدم',
  'reset password': 'إعادة تعيين كلمة مرور مستخدم',
  'enable user': 'تفعيل مستخدم',
  'disable user': 'تعطيل مستخدم',
  'update role': 'تعديل دور وصلاحياته',
  'assign role': 'تغيير دور مستخدم',
  'insert category': 'إضافة تصنيف أصناف',
  'update category': 'تعديل تصنيف أصناف',
  'delete category': 'حذف تصنيف أصناف',
  'update company': 'تعديل بيانات الشركة',
  'update company logo': 'تغيير شعار الشركة',
  'update store': 'تعديل إعدادات المخزن',
  'insert item': 'إضافة صنف',
  'update item': 'تعديل صنف',
  'update item price': 'تعديل سعر صنف',
  'delete item': 'حذف صنف',
  'increase prices': 'زيادة أسعار الأصناف',
  'decrease prices': 'تخفيض أسعار الأصناف',
  'truncate items': 'حذف جميع الأصناف',
  'assign barcodes': 'إعطاء أصناف باركود المخزن',
  'import items': 'استيراد أصناف من ملف Excel',
  'insert firstq': 'تسجيل كمية افتتاحية',
  'delete firstq': 'حذف كمية افتتاحية',
  'import firstq': 'استيراد كميات افتتاحية من ملف Excel',
  'import firstq undone': 'تراجع عن استيراد كميات افتتاحية لم يكتمل',
  'insert account': 'إضافة حساب',
  'update account': 'تعديل حساب',
  'update opening balance': 'تعديل رصيد افتتاحي لحساب',
  'delete account': 'حذف حساب',
  'close year': 'إقفال سنة مالية',
  'reopen year': 'إعادة فتح سنة مالية',
  // The legacy log's own token for a saved voucher (`insert journal`), and its edit and delete.
  'insert journal': 'حفظ قيد محاسبي',
  'update journal': 'تعديل قيد محاسبي',
  'delete journal': 'حذف قيد محاسبي',
  // Stock counts keep the legacy token (`insert tswia`).
  'insert tswia': 'حفظ تسوية جردية',
  'update tswia': 'تعديل تسوية جردية',
  'delete tswia': 'حذف تسوية جردية',
  // Till shifts (docs/shifts.md).
  'open shift': 'فتح وردية',
  'shift cash move': 'مبلغ وارد أو منصرف في وردية',
  'close shift': 'إقفال وردية',
  'reopen shift': 'إعادة فتح وردية',
  // Stock transfers (docs/transfers.md).
  'insert transfer': 'حفظ تحويل مخزني',
  'update transfer': 'تعديل تحويل مخزني',
  'delete transfer': 'حذف تحويل مخزني',
  'receive transfer': 'استلام تحويل مخزني',
  'delete transfer receipt': 'حذف استلام تحويل مخزني',
  // One catalogue (docs/catalogue.md).
  'merge items': 'دمج صنفين',
  // Price lists (docs/price-lists.md).
  'insert price list': 'إضافة قائمة أسعار',
  'update price list': 'تعديل اسم قائمة أسعار',
  'delete price list': 'حذف قائمة أسعار',
  'set list prices': 'تعديل أسعار في قائمة أسعار',
} as const;

const documentVerbs = { insert: 'حفظ', update: 'تعديل', delete: 'حذف' } as const;
type DocumentVerb = keyof typeof documentVerbs;
type DocumentLogName = (typeof documentKinds)[DocumentKind]['logName'];

/** Every action the log can hold: the fixed ones, and insert / update / delete of each document kind. */
export type LogAction = keyof typeof fixedActions | `${DocumentVerb} ${DocumentLogName}`;

/** The action of saving, editing or deleting a document of a kind (`insert sales`). */
export const documentLogAction = (verb: DocumentVerb, kind: DocumentKind): LogAction =>
  `${verb} ${documentKinds[kind].logName}`;

const documentActions = Object.fromEntries(
  (Object.keys(documentKinds) as DocumentKind[]).flatMap((kind) =>
    (Object.keys(documentVerbs) as DocumentVerb[]).map((verb) => [
      documentLogAction(verb, kind),
      `${documentVerbs[verb]} ${documentKinds[kind].label}`,
    ]),
  ),
) as Record<`${DocumentVerb} ${DocumentLogName}`, string>;

/** One Arabic sentence per action. */
export const logActionsAr: Record<LogAction, string> = { ...fixedActions, ...documentActions };

/** The sentence of a logged action; a token written by a legacy client that is not ours is shown as it is. */
export const logActionText = (typee: string): string =>
  Object.hasOwn(logActionsAr, typee) ? logActionsAr[typee as LogAction] : typee;
