/**
 * Every route of the seed (section 2), with its Arabic title: the routes are the keys of `screenTitles`
 * (features/shell/shellText.ts), in its order. A route without a screen of its own shows the "under construction"
 * page; an issue that builds a screen adds it to `screens` below. Every screen is lazy-loaded: its chunk is fetched
 * when it is first opened (the first-load budget test checks none is fetched at start).
 */
import type { ComponentType } from 'react';
import { screenTitles } from '../features/shell/shellText.ts';
import { type LazyComponent, lazyComponent } from '../ui/lazyComponent.tsx';
import { homePath } from './platform.ts';

type ScreenProps = { title: string };
type ScreenModule = { default: ComponentType<ScreenProps> };
/** A lazy screen that can also be fetched before it draws (`load`), when the app knows it is about to show it. */
type Screen = LazyComponent<ScreenProps>;
export type RoutePath = keyof typeof screenTitles;
export type AppRoute = { path: RoutePath; title: string };

export const routes: AppRoute[] = (Object.keys(screenTitles) as RoutePath[]).map((path) => ({
  path,
  title: screenTitles[path],
}));

const screen = (load: () => Promise<ScreenModule>): Screen => lazyComponent(load);

const itemsPage = screen(() => import('../features/items/ItemsPage.tsx'));
const openingStockPages = () => import('../features/openingStock/OpeningStockPage.tsx');
const openingStockPage = screen(openingStockPages);
const salesPage = screen(() => import('../features/invoices/InvoicePage.tsx'));
// One import of a module that several routes show: the entry lists the chunks an import preloads once per import.
const purchasePages = () => import('../features/invoices/PurchasePage.tsx');
const mobilePages = () => import('../features/invoices/MobilePages.tsx');
const valueInvoicePages = () => import('../features/invoices/ValueInvoicePage.tsx');
const recordPages = () => import('../features/invoices/RecordPage.tsx');
const returnPages = () => import('../features/returns/ReturnPage.tsx');
const returnRecordPages = () => import('../features/returns/ReturnsRecordPage.tsx');
const purchasePage = screen(purchasePages);
/** A lazy screen that is a named export of its module. */
function named<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return screen(() => load().then((module) => ({ default: module[name] as ComponentType<ScreenProps> })));
}
const salesMobilePage = named(mobilePages, 'SalesMobilePage');
const purchaseMobilePage = named(mobilePages, 'PurchaseMobilePage');
const accountsPage = screen(() => import('../features/accounts/AccountsPage.tsx'));
const statementPage = screen(() => import('../features/reports/StatementPage.tsx'));
const trialBalancePage = screen(() => import('../features/reports/TrialBalancePage.tsx'));
const journalPage = screen(() => import('../features/journals/JournalPage.tsx'));
const stockCountPage = screen(() => import('../features/stockCount/StockCountPage.tsx'));
const voucherPages = () => import('../features/vouchers/VoucherPage.tsx');
const voucherPage = screen(voucherPages);
const transferPage = screen(() => import('../features/transfers/TransferPage.tsx'));

/** The screens built so far, by route; every other route shows the placeholder. */
export const screens: Partial<Record<RoutePath, Screen>> = {
  'analytics-dashboard': screen(() => import('../features/dashboard/DashboardPage.tsx')),
  'folder/items': itemsPage,
  'item-stock': screen(() => import('../features/stock/ItemStockPage.tsx')),
  'item-stock-print': screen(() => import('../features/stock/ItemStockPrintPage.tsx')),
  'items-serarch': screen(() => import('../features/items/ItemSearchPage.tsx')),
  'item-modal': screen(() => import('../features/items/ItemFormPage.tsx')),
  'folder/categories': screen(() => import('../features/categories/CategoriesPage.tsx')),
  'folder/firstq-modal': openingStockPage,
  fristq: named(openingStockPages, 'FirstQuantitiesPage'),
  // One screen, two routes (sub-account is the legacy address of the same management screen).
  'folder/sub-account2': accountsPage,
  'folder/sub-account': accountsPage,
  'account-modal': screen(() => import('../features/accounts/AccountFormPage.tsx')),
  'folder/account-tree': screen(() => import('../features/accounts/AccountTreePage.tsx')),
  // One screen, two routes (cash is the legacy address of the receipt and payment vouchers); cash3: expenses only.
  'folder/cash2': voucherPage,
  'folder/cash': voucherPage,
  'folder/cash3': named(voucherPages, 'ExpenseVoucherPage'),
  'folder/spend-record2': screen(() => import('../features/vouchers/VoucherRecordPage.tsx')),
  'folder/settings': screen(() => import('../features/settings/SettingsPage.tsx')),
  'folder/sync': screen(() => import('../features/offline/SyncPage.tsx')),
  'folder/sales': salesPage,
  'folder/edit-sales': salesPage,
  'folder/sales-record': screen(recordPages),
  'folder/sales-mob': salesMobilePage,
  'folder/pos-sales': screen(() => import('../features/pos/PosPage.tsx')),
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
  'folder/notifications': screen(() => import('../features/notifications/NotificationsPage.tsx')),
  'folder/purchase': purchasePage,
  'folder/edit-perch': purchasePage,
  'folder/purchase-record': screen(() => import('../features/invoices/PurchaseRecordPage.tsx')),
  'print-modal': screen(() => import('../features/print/PrintPage.tsx')),
  'pos-reciept': screen(() => import('../features/print/ReceiptPage.tsx')),
  'folder/sales-return': screen(returnPages),
  'folder/edit-sales-return': screen(returnPages),
  'folder/purchase-return': named(returnPages, 'PurchaseReturnPage'),
  'folder/edit-purchase-return': named(returnPages, 'PurchaseReturnPage'),
  'folder/sales-returns-record': screen(returnRecordPages),
  'folder/items-report': screen(() => import('../features/itemMovement/ItemMovementPage.tsx')),
  'folder/tswia': stockCountPage,
  'folder/edit-tswia': stockCountPage,
  'folder/tswia-record': screen(() => import('../features/stockCount/StockCountRecordPage.tsx')),
  'folder/purchase-returns-record': named(returnRecordPages, 'PurchaseReturnsRecordPage'),
  // Issue 20: statements and balances (each legacy address is the same screen as its newer one).
  'folder/statement2': statementPage,
  'folder/statement': statementPage,
  'folder/balance-sheet2': trialBalancePage,
  'folder/balance-sheet': trialBalancePage,
  'folder/spends': journalPage,
  'edit-journal': journalPage,
  'folder/spends-recod': screen(() => import('../features/journals/JournalRecordPage.tsx')),
  'folder/user-activity': screen(() => import('../features/reports/ActivityPage.tsx')),
  'reports/profit-and-loss': screen(() => import('../features/reports/ProfitAndLossPage.tsx')),
  'reports/balance-sheet': screen(() => import('../features/reports/BalanceSheetPage.tsx')),
  'reports/cash-book': screen(() => import('../features/reports/CashBookPage.tsx')),
  'reports/gross-profit': screen(() => import('../features/reports/GrossProfitPage.tsx')),
  'reports/aging': screen(() => import('../features/reports/AgingPage.tsx')),
  'reports/general-ledger': screen(() => import('../features/reports/GeneralLedgerPage.tsx')),
  'reports/vat': screen(() => import('../features/reports/VatReportPage.tsx')),
  'reports/party-sales': screen(() => import('../features/reports/PartySalesPage.tsx')),
  'reports/stores-sales': screen(() => import('../features/consolidated/StoresSalesPage.tsx')),
  'reports/stores-stock': screen(() => import('../features/consolidated/StoresStockPage.tsx')),
  'folder/shift': screen(() => import('../features/shifts/ShiftPage.tsx')),
  'shift-report': screen(() => import('../features/shifts/ShiftReportPage.tsx')),
  'reports/shifts': screen(() => import('../features/shifts/ShiftsRecordPage.tsx')),
  labels: screen(() => import('../features/labels/LabelsPage.tsx')),
  'folder/transfer': transferPage,
  'folder/edit-transfer': transferPage,
  'folder/transfer-view': screen(() => import('../features/transfers/TransferViewPage.tsx')),
  'folder/transfer-receive': screen(() => import('../features/transfers/TransferReceiptPage.tsx')),
  'folder/transfer-record': screen(() => import('../features/transfers/TransferRecordPage.tsx')),
  'transfer-print': screen(() => import('../features/transfers/TransferPrintPage.tsx')),
  'price-lists': screen(() => import('../features/priceLists/PriceListsPage.tsx')),
};
/** The bare `folder` route (the legacy app's unused placeholder) goes to the sales invoice, on every device. */
export const bareFolder = '/folder/sales';

export const placeholderScreen: Screen = screen(() => import('../features/shell/PlaceholderPage.tsx'));

/**
 * Fetches the screen an address shows (the home screen for the sign-in page's address and the root), so that it
 * arrives beside the signed-in app instead of after it.
 */
export function loadScreenOf(pathname: string): Promise<unknown> {
  const path = pathname.replace(/^\//, '').replace(/^folder\/?$/, bareFolder.slice(1));
  const shown = path in screenTitles ? path : homePath.slice(1);
  return (screens[shown as RoutePath] ?? placeholderScreen).load();
}
