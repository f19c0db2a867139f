/**
 * Every route of the seed (section 2), with its Arabic title. A route without a screen of its own shows the
 * "under construction" page; an issue that builds a screen adds it to `screens` below. Every screen is lazy-loaded:
 * its chunk is fetched when it is first opened (the first-load budget test checks none is fetched at start).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Screen = LazyExoticComponent<ComponentType<{ title: string }>>;
export type AppRoute = { path: string; title: string };

export const routes: AppRoute[] = [
  { path: 'folder', title: 'ميزان' },
  { path: 'folder/sales', title: 'فاتورة مبيعات' },
  { path: 'folder/sales-record', title: 'سجل المبيعات' },
  { path: 'folder/sales-mob', title: 'فاتورة مبيعات' },
  { path: 'folder/purchase', title: 'فاتورة مشتريات' },
  { path: 'folder/purchase-record', title: 'سجل المشتريات' },
  { path: 'folder/purchase-mob', title: 'فاتورة مشتريات' },
  { path: 'folder/prch-order', title: 'أمر شراء' },
  { path: 'folder/prch-order-record', title: 'سجل اوامر الشراء' },
  { path: 'folder/edit-prch-order', title: 'تعديل امر شراء' },
  { path: 'folder/spends', title: 'القيود المحاسبية' },
  { path: 'folder/spends-recod', title: 'سجل القيود' },
  { path: 'folder/items', title: 'الأصناف' },
  { path: 'item-modal', title: 'بيانات الصنف' },
  { path: 'folder/sub-account', title: 'إدارة الحسابات' },
  { path: 'folder/sub-account2', title: 'إدارة الحسابات' },
  { path: 'folder/edit-sales', title: 'تعديل فاتورة مبيعات' },
  { path: 'folder/edit-sales-mob', title: 'تعديل فاتورة مبيعات' },
  { path: 'folder/edit-perch', title: 'تعديل فاتورة مشتريات' },
  { path: 'folder/edit-purchase-mob', title: 'تعديل فاتورة مشتريات' },
  { path: 'print-modal', title: 'طباعة' },
  { path: 'items-serarch', title: 'بحث الأصناف' },
  { path: 'fristq', title: 'الكميات الإفتتاحية' },
  { path: 'folder/firstq-modal', title: 'الكميات الإفتتاحية' },
  { path: 'folder/settings', title: 'الإعدادات والضبط' },
  { path: 'folder/items-report', title: 'تقرير حركة الصنف' },
  { path: 'folder/balance-sheet', title: 'ميزان المراجعة' },
  { path: 'folder/balance-sheet2', title: 'ميزان المراجعة والأرصدة' },
  { path: 'folder/statement', title: 'كشف حساب' },
  { path: 'folder/statement2', title: 'كشف حساب' },
  { path: 'account-modal', title: 'بيانات الحساب' },
  { path: 'folder/account-tree', title: 'شجرة الحسابات' },
  { path: 'folder/cash', title: 'الخزينة' },
  { path: 'folder/cash2', title: 'سندات القبض والدفع' },
  { path: 'folder/cash3', title: 'المصروفات' },
  { path: 'folder/spend-record2', title: 'سجل السندات' },
  { path: 'folder/notifications', title: 'التنبيهات' },
  { path: 'folder/tswia', title: 'جرد وتسوية' },
  { path: 'folder/tswia-record', title: 'سجل التسويات الجردية' },
  { path: 'folder/edit-tswia', title: 'تعديل تسوية جردية' },
  { path: 'folder/user-activity', title: 'أنشطة المستخدمين' },
  { path: 'folder/pos-sales', title: 'نقطة البيع' },
  { path: 'pos-reciept', title: 'إيصال نقطة البيع' },
  { path: 'folder/salessnd', title: 'فاتورة مبيعات (قيمة)' },
  { path: 'folder/purchsnd', title: 'فاتورة مشتريات (قيمة)' },
  { path: 'folder/purchsndrecord', title: 'سجل فواتير المشتريات (قيمة)' },
  { path: 'folder/salessndrecord', title: 'سجل فواتير المبيعات (قيمة)' },
  { path: 'folder/editsalessnd', title: 'تعديل فاتورة مبيعات (قيمة)' },
  { path: 'folder/editpurchsnd', title: 'تعديل فاتورة مشتريات (قيمة)' },
  { path: 'item-stock', title: 'الأصنــاف' },
  { path: 'edit-journal', title: 'تعديل القيد المحاسبي' },
  { path: 'folder/categories', title: 'إدارة التصنيفات' },
  // Added after the first commit (screens.md section 8): returns against an original invoice.
  { path: 'folder/sales-return', title: 'مرتجع مبيعات' },
  { path: 'folder/edit-sales-return', title: 'تعديل مرتجع مبيعات' },
  { path: 'folder/purchase-return', title: 'مرتجع مشتريات' },
  { path: 'folder/edit-purchase-return', title: 'تعديل مرتجع مشتريات' },
  { path: 'folder/sales-returns-record', title: 'سجل مرتجعات المبيعات' },
  { path: 'folder/purchase-returns-record', title: 'سجل مرتجعات المشتريات' },
];

const itemsPage: Screen = lazy(() => import('../features/items/ItemsPage.tsx'));
const openingStockPage: Screen = lazy(() => import('../features/openingStock/OpeningStockPage.tsx'));
const salesPage: Screen = lazy(() => import('../features/invoices/InvoicePage.tsx'));
// One import of a module that several routes show: the entry lists the chunks an import preloads once per import.
const purchasePages = () => import('../features/invoices/PurchasePage.tsx');
const mobilePages = () => import('../features/invoices/MobilePages.tsx');
const valueInvoicePages = () => import('../features/invoices/ValueInvoicePage.tsx');
const recordPages = () => import('../features/invoices/RecordPage.tsx');
const returnPages = () => import('../features/returns/ReturnPage.tsx');
const returnRecordPages = () => import('../features/returns/ReturnsRecordPage.tsx');
const purchasePage: Screen = lazy(purchasePages);
/** A lazy screen that is a named export of its module. */
function named<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<{ title: string }> })));
}
const salesMobilePage = named(mobilePages, 'SalesMobilePage');
const purchaseMobilePage = named(mobilePages, 'PurchaseMobilePage');
const accountsPage: Screen = lazy(() => import('../features/accounts/AccountsPage.tsx'));

/** The screens built so far, by route; every other route shows the placeholder. */
export const screens: Partial<Record<string, Screen>> = {
  // The stock issue adds stock columns and totals to the same list for item-stock.
  'folder/items': itemsPage,
  'item-stock': itemsPage,
  'item-modal': lazy(() => import('../features/items/ItemFormPage.tsx')),
  'folder/categories': lazy(() => import('../features/categories/CategoriesPage.tsx')),
  'folder/firstq-modal': openingStockPage,
  fristq: openingStockPage,
  // One screen, two routes (sub-account is the legacy address of the same management screen).
  'folder/sub-account2': accountsPage,
  'folder/sub-account': accountsPage,
  'account-modal': lazy(() => import('../features/accounts/AccountFormPage.tsx')),
  'folder/account-tree': lazy(() => import('../features/accounts/AccountTreePage.tsx')),
  'folder/settings': lazy(() => import('../features/settings/SettingsPage.tsx')),
  'folder/sales': salesPage,
  'folder/edit-sales': salesPage,
  'folder/sales-record': lazy(recordPages),
  'folder/sales-mob': salesMobilePage,
  'folder/edit-sales-mob': salesMobilePage,
  'folder/purchase-mob': purchaseMobilePage,
  'folder/edit-purchase-mob': purchaseMobilePage,
  'folder/salessnd': named(valueInvoicePages, 'SalesValuePage'),
  'folder/editsalessnd': named(valueInvoicePages, 'SalesValuePage'),
  'folder/purchsnd': named(valueInvoicePages, 'PurchaseValuePage'),
  'folder/editpurchsnd': named(valueInvoicePages, 'PurchaseValuePage'),
  'folder/salessndrecord': named(recordPages, 'SalesValueRecordPage'),
  'folder/purchsndrecord': named(recordPages, 'PurchaseValueRecordPage'),
  'folder/prch-order': named(purchasePages, 'PurchaseOrderPage'),
  'folder/edit-prch-order': named(purchasePages, 'PurchaseOrderPage'),
  'folder/prch-order-record': named(recordPages, 'PurchaseOrderRecordPage'),
  'folder/notifications': lazy(() => import('../features/notifications/NotificationsPage.tsx')),
  'folder/purchase': purchasePage,
  'folder/edit-perch': purchasePage,
  'folder/purchase-record': lazy(() => import('../features/invoices/PurchaseRecordPage.tsx')),
  'print-modal': lazy(() => import('../features/print/PrintPage.tsx')),
  'folder/sales-return': lazy(returnPages),
  'folder/edit-sales-return': lazy(returnPages),
  'folder/purchase-return': named(returnPages, 'PurchaseReturnPage'),
  'folder/edit-purchase-return': named(returnPages, 'PurchaseReturnPage'),
  'folder/sales-returns-record': lazy(returnRecordPages),
  'folder/purchase-returns-record': named(returnRecordPages, 'PurchaseReturnsRecordPage'),
};
export const placeholderScreen: Screen = lazy(() => import('../features/shell/PlaceholderPage.tsx'));
