/**
 * Who may do what (issue 22, part 2): the permissions, their Arabic names, the five roles and their defaults. The
 * server checks a route's declared permission (plugins/permissions.ts) and, in the save pipeline, what depends on a
 * document's content; the web app reads the signed-in user's permissions from `users/me` to show only what is
 * allowed. See docs/permissions.md. Free of zod: the menu reads it on the first load (the schemas are in roles.ts).
 */

/** The documents whose writes are permitted kind by kind. */
export const documentSubjects = {
  sale: 'فواتير المبيعات',
  preliminarySale: 'الفواتير المبدئية',
  salesReturn: 'مرتجعات المبيعات',
  purchase: 'فواتير المشتريات',
  purchaseOrder: 'طلبات الشراء',
  purchaseReturn: 'مرتجعات المشتريات',
  stockCount: 'التسويات الجردية',
  transfer: 'التحويلات المخزنية',
  voucher: 'السندات والمصروفات',
  journal: 'القيود المحاسبية',
} as const;
export type DocumentSubject = keyof typeof documentSubjects;

/** What may be done to a document of a kind. */
export const documentActions = {
  create: 'إنشاء',
  edit: 'تعديل',
  delete: 'حذف',
  backDate: 'بتاريخ سابق',
  others: 'مستند مستخدم آخر',
  otherDay: 'مستند نهائي من يوم سابق',
} as const;
export type DocumentAction = keyof typeof documentActions;

/** The permissions that are not one action on one kind of document. */
export const otherPermissions = {
  priceBelowCost: 'البيع بأقل من سعر التكلفة',
  discountAboveLimit: 'خصم فوق الحد المسموح',
  valueOnly: 'مستندات بالقيمة فقط (بلا أصناف)',
  openings: 'الكميات والأرصدة الافتتاحية',
  items: 'الأصناف والتصنيفات',
  prices: 'تعديل الأسعار',
  imports: 'الاستيراد من إكسل',
  accounts: 'الحسابات',
  users: 'المستخدمون',
  roles: 'الأدوار والصلاحيات',
  settings: 'الإعدادات وبيانات الشركة',
  yearClose: 'إقفال السنة وإعادة فتحها',
  readCost: 'رؤية أسعار التكلفة والأرباح',
  readOthers: 'رؤية مستندات المستخدمين الآخرين',
  readReports: 'التقارير والكشوف',
  shift: 'فتح الوردية وإقفالها',
  shiftsManage: 'إدارة ورديات المستخدمين الآخرين',
} as const;
export type OtherPermission = keyof typeof otherPermissions;

export type DocumentPermission = `${DocumentSubject}.${DocumentAction}`;
export type Permission = DocumentPermission | OtherPermission;

const subjects = Object.keys(documentSubjects) as DocumentSubject[];
const actions = Object.keys(documentActions) as DocumentAction[];
export const docPermission = (subject: DocumentSubject, action: DocumentAction): DocumentPermission =>
  `${subject}.${action}`;

/** Every permission, in the order the role editor lists them. */
export const allPermissions: readonly Permission[] = [
  ...subjects.flatMap((subject) => actions.map((action) => docPermission(subject, action))),
  ...(Object.keys(otherPermissions) as OtherPermission[]),
];
const known = new Set<string>(allPermissions);
export const isPermission = (value: string): value is Permission => known.has(value);

/** A permission's Arabic name, as the refusal and the role editor say it. */
export function permissionName(permission: Permission): string {
  const [subject, action] = permission.split('.') as [string, string | undefined];
  if (action === undefined) return otherPermissions[subject as OtherPermission];
  return `${documentSubjects[subject as DocumentSubject]}: ${documentActions[action as DocumentAction]}`;
}

/**
 * What a route declares instead of a permission: `public` (no session, see plugins/session.ts) or `signedIn` (any
 * signed-in user: reading the store, the items, one's own session, printing a document).
 */
export type RouteAccess = Permission | 'signedIn';

/** The five roles, by their fixed key; the owner may rename each (its `name`) and tick its permissions. */
export const roleKeys = ['owner', 'administrator', 'accountant', 'storeKeeper', 'cashier'] as const;
export type RoleKey = (typeof roleKeys)[number];
/** The roles' ids, fixed by migration 0024 in this order. */
export const roleIds: Record<RoleKey, number> = {
  owner: 1,
  administrator: 2,
  accountant: 3,
  storeKeeper: 4,
  cashier: 5,
};
/** Roles that administer a store: they manage its users (features/users/userReach.ts). */
export const adminRoleIds: readonly number[] = [roleIds.owner, roleIds.administrator];

const some = (picked: DocumentSubject[], which: DocumentAction[]) =>
  picked.flatMap((subject) => which.map((action) => docPermission(subject, action)));

/** What each role may do before the owner changes it (migration 0024 writes these). */
export const defaultRoles: Record<
  RoleKey,
  { name: string; permissions: readonly Permission[]; discount_limit: string }
> = {
  owner: { name: 'المالك', permissions: allPermissions, discount_limit: '100' },
  administrator: {
    name: 'مدير النظام',
    permissions: allPermissions.filter((permission) => permission !== 'roles'),
    discount_limit: '100',
  },
  accountant: {
    name: 'محاسب',
    permissions: [
      ...some(['voucher', 'journal'], ['create', 'edit', 'others']),
      'accounts',
      'readCost',
      'readOthers',
      'readReports',
    ],
    discount_limit: '0',
  },
  storeKeeper: {
    name: 'أمين مخزن',
    permissions: [
      ...some(['purchase', 'purchaseOrder', 'purchaseReturn', 'stockCount', 'transfer'], ['create', 'edit']),
      'items',
      'readCost',
    ],
    discount_limit: '0',
  },
  cashier: {
    name: 'كاشير',
    permissions: [...some(['sale', 'preliminarySale', 'salesReturn'], ['create', 'edit', 'delete']), 'shift'],
    discount_limit: '10',
  },
};

/** The permission subject of each document kind's wire token (the routes of a kind declare its permissions). */
export const subjectOfKind = {
  pay: 'sale',
  perch: 'purchase',
  payinit: 'preliminarySale',
  perchOrder: 'purchaseOrder',
  sales_returns: 'salesReturn',
  purchase_returns: 'purchaseReturn',
  tswia: 'stockCount',
  transfer: 'transfer',
  journal: 'journal',
} as const satisfies Record<string, DocumentSubject>;
export type SubjectKind = keyof typeof subjectOfKind;

/** A kind's permission to do an action: `kindPermission('pay', 'create')` is `sale.create`. */
export const kindPermission = (token: SubjectKind, action: DocumentAction): DocumentPermission =>
  docPermission(subjectOfKind[token], action);
