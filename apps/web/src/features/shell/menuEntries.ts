/**
 * The side menu of seed section 2 / screens.md section 1: five groups, each entry shown on desktop, on mobile or
 * on both, exactly as the seed says.
 */
import type { RouteAccess } from '@mizan/contract';
import { isMobile } from '../../app/platform.ts';
import type { RoutePath } from '../../app/routes.tsx';
import { menuLabel, menuText } from './menuText.ts';

export type Device = 'desktop' | 'mobile' | 'both';
/** `permission`: what the screen's work needs (docs/permissions.md); the menu shows it only to a role that has it. */
export type MenuEntry = { label: string; path: `/${RoutePath}`; device: Device; permission: RouteAccess };
export type MenuGroup = { title: string; entries: MenuEntry[] };

const entry = (path: RoutePath, device: Device, permission: RouteAccess): MenuEntry => ({
  label: menuLabel(path),
  path: `/${path}`,
  device,
  permission,
});

export const menuGroups: MenuGroup[] = [
  {
    title: menuText.groups.sales,
    entries: [
      entry('folder/sales', 'desktop', 'sale.create'),
      entry('folder/sales-mob', 'mobile', 'sale.create'),
      entry('folder/pos-sales', 'both', 'sale.create'),
      entry('folder/shift', 'both', 'shift'),
      entry('folder/sales-record', 'both', 'signedIn'),
      entry('folder/sales-return', 'both', 'salesReturn.create'),
      entry('folder/sales-returns-record', 'both', 'signedIn'),
    ],
  },
  {
    title: menuText.groups.purchases,
    entries: [
      entry('folder/purchase', 'desktop', 'purchase.create'),
      entry('folder/purchase-mob', 'mobile', 'purchase.create'),
      entry('folder/purchase-record', 'both', 'readCost'),
      entry('folder/purchase-return', 'both', 'purchaseReturn.create'),
      entry('folder/purchase-returns-record', 'both', 'readCost'),
      entry('folder/prch-order', 'desktop', 'purchaseOrder.create'),
      entry('folder/prch-order-record', 'desktop', 'readCost'),
    ],
  },
  {
    title: menuText.groups.stock,
    entries: [
      entry('item-stock', 'both', 'readCost'),
      // fristq edits each opening and links to the sheet upload (folder/firstq-modal).
      entry('fristq', 'both', 'openings'),
      entry('folder/items-report', 'desktop', 'readCost'),
      entry('folder/tswia', 'desktop', 'stockCount.create'),
      entry('folder/tswia-record', 'desktop', 'stockCount.create'),
      entry('folder/transfer', 'both', 'transfer.create'),
      entry('folder/transfer-receive', 'both', 'transfer.create'),
      entry('folder/transfer-record', 'both', 'transfer.create'),
      entry('price-lists', 'both', 'prices'),
    ],
  },
  {
    title: menuText.groups.accounts,
    entries: [
      entry('folder/sub-account2', 'desktop', 'accounts'),
      entry('folder/account-tree', 'desktop', 'accounts'),
      entry('folder/cash2', 'both', 'voucher.create'),
      entry('folder/cash3', 'both', 'voucher.create'),
      entry('folder/spend-record2', 'both', 'readReports'),
      entry('folder/statement2', 'both', 'readReports'),
      entry('folder/balance-sheet2', 'both', 'readReports'),
      entry('reports/general-ledger', 'both', 'readReports'),
      entry('folder/spends', 'both', 'voucher.create'),
      entry('folder/spends-recod', 'both', 'readReports'),
      entry('analytics-dashboard', 'both', 'readReports'),
      entry('reports/profit-and-loss', 'both', 'readReports'),
      entry('reports/balance-sheet', 'both', 'readReports'),
      entry('reports/cash-book', 'both', 'readReports'),
      entry('reports/gross-profit', 'both', 'readCost'),
      entry('reports/aging', 'both', 'readReports'),
      entry('reports/vat', 'both', 'readReports'),
      entry('reports/party-sales', 'both', 'readReports'),
      entry('reports/stores-sales', 'both', 'readReports'),
      entry('reports/stores-stock', 'both', 'readReports'),
      entry('reports/shifts', 'both', 'shiftsManage'),
    ],
  },
  {
    title: menuText.groups.settings,
    entries: [
      entry('folder/user-activity', 'both', 'readReports'),
      entry('folder/categories', 'both', 'items'),
      entry('folder/settings', 'both', 'signedIn'),
      entry('folder/sync', 'both', 'signedIn'),
    ],
  },
];

export const isShownOn = (device: Device, mobile = isMobile) => device === 'both' || (device === 'mobile') === mobile;
