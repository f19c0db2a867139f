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
const purchasePage: Screen = lazy(() => import('../features/invoices/PurchasePage.tsx'));
/** A lazy screen that is a named export of its module. */
function named<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<{ title: string }> })));
}
const salesMobilePage = named(() => import('../features/invoices/MobilePages.tsx'), 'SalesMobilePage');
const purchaseMobilePage = named(() => import('../features/invoices/MobilePages.tsx'), 'PurchaseMobilePage');
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
  'folder/sales-record': lazy(() => import('../features/invoices/RecordPage.tsx')),
  'folder/sales-mob': salesMobilePage,
  'folder/edit-sales-mob': salesMobilePage,
  'folder/purchase-mob': purchaseMobilePage,
  'folder/edit-purchase-mob': purchaseMobilePage,
  'folder/salessnd': named(() => import('../features/invoices/ValueInvoicePage.tsx'), 'SalesValuePage'),
  'folder/editsalessnd': named(() => import('../features/invoices/ValueInvoicePage.tsx'), 'SalesValuePage'),
  'folder/purchsnd': named(() => import('../features/invoices/ValueInvoicePage.tsx'), 'PurchaseValuePage'),
  'folder/editpurchsnd': named(() => import('../features/invoices/ValueInvoicePage.tsx'), 'PurchaseValuePage'),
  'folder/salessndrecord': named(() => import('../features/invoices/RecordPage.tsx'), 'SalesValueRecordPage'),
  'folder/purchsndrecord': named(() => import('../features/invoices/RecordPage.tsx'), 'PurchaseValueRecordPage'),
  'folder/prch-order': named(() => import('../features/invoices/PurchasePage.tsx'), 'PurchaseOrderPage'),
  'folder/edit-prch-order': named(() => import('../features/invoices/PurchasePage.tsx'), 'PurchaseOrderPage'),
  'folder/prch-order-record': named(() => import('../features/invoices/RecordPage.tsx'), 'PurchaseOrderRecordPage'),
  'folder/notifications': lazy(() => import('../features/notifications/NotificationsPage.tsx')),
  'folder/purchase': purchasePage,
  'folder/edit-perch': purchasePage,
  'folder/purchase-record': lazy(() => import('../features/invoices/PurchaseRecordPage.tsx')),
  'print-modal': lazy(() => import('../features/print/PrintPage.tsx')),
  'folder/sales-return': lazy(() => import('../features/returns/ReturnPage.tsx')),
  'folder/edit-sales-return': lazy(() => import('../features/returns/ReturnPage.tsx')),
  'folder/purchase-return': named(() => import('../features/returns/ReturnPage.tsx'), 'PurchaseReturnPage'),
  'folder/edit-purchase-return': named(() => import('../features/returns/ReturnPage.tsx'), 'PurchaseReturnPage'),
  'folder/sales-returns-record': lazy(() => import('../features/returns/ReturnsRecordPage.tsx')),
  'folder/purchase-returns-record': named(
    () => import('../features/returns/ReturnsRecordPage.tsx'),
    'PurchaseReturnsRecordPage',
  ),
};
export const placeholderScreen: Screen = lazy(() => import('../features/shell/PlaceholderPage.tsx'));
