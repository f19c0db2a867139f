/**
 * Every route of the seed (section 2), with its Arabic title: the routes are the keys of `screenTitles`
 * (features/shell/shellText.ts), in its order. A route without a screen of its own shows the "under construction"
 * page; an issue that builds a screen adds it to `screens` below. Every screen is lazy-loaded: its chunk is fetched
 * when it is first opened (the first-load budget test checks none is fetched at start).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { screenTitles } from '../features/shell/shellText.ts';

type Screen = LazyExoticComponent<ComponentType<{ title: string }>>;
export type RoutePath = keyof typeof screenTitles;
export type AppRoute = { path: RoutePath; title: string };

export const routes: AppRoute[] = (Object.keys(screenTitles) as RoutePath[]).map((path) => ({
  path,
  title: screenTitles[path],
}));

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
export const screens: Partial<Record<RoutePath, Screen>> = {
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
