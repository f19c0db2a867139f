/**
 * The side menu of seed section 2 / screens.md section 1: five groups, each entry shown on desktop, on mobile or
 * on both, exactly as the seed says.
 */
import { isMobile } from '../../app/platform.ts';
import type { RoutePath } from '../../app/routes.tsx';
import { menuLabel, menuText } from './menuText.ts';

export type Device = 'desktop' | 'mobile' | 'both';
export type MenuEntry = { label: string; path: `/${RoutePath}`; device: Device };
export type MenuGroup = { title: string; entries: MenuEntry[] };

const entry = (path: RoutePath, device: Device): MenuEntry => ({ label: menuLabel(path), path: `/${path}`, device });

export const menuGroups: MenuGroup[] = [
  {
    title: menuText.groups.sales,
    entries: [
      entry('folder/sales', 'desktop'),
      entry('folder/sales-mob', 'mobile'),
      entry('folder/pos-sales', 'both'),
      entry('folder/sales-record', 'both'),
      entry('folder/sales-return', 'both'),
      entry('folder/sales-returns-record', 'both'),
    ],
  },
  {
    title: menuText.groups.purchases,
    entries: [
      entry('folder/purchase', 'desktop'),
      entry('folder/purchase-mob', 'mobile'),
      entry('folder/purchase-record', 'both'),
      entry('folder/purchase-return', 'both'),
      entry('folder/purchase-returns-record', 'both'),
      entry('folder/prch-order', 'desktop'),
      entry('folder/prch-order-record', 'desktop'),
    ],
  },
  {
    title: menuText.groups.stock,
    entries: [
      entry('item-stock', 'both'),
      // fristq edits each opening and links to the sheet upload (folder/firstq-modal).
      entry('fristq', 'both'),
      entry('folder/items-report', 'desktop'),
      entry('folder/tswia', 'desktop'),
      entry('folder/tswia-record', 'desktop'),
    ],
  },
  {
    title: menuText.groups.accounts,
    entries: [
      entry('folder/sub-account2', 'desktop'),
      entry('folder/account-tree', 'desktop'),
      entry('folder/cash2', 'both'),
      entry('folder/cash3', 'both'),
      entry('folder/spend-record2', 'both'),
      entry('folder/statement2', 'both'),
      entry('folder/balance-sheet2', 'both'),
      entry('folder/spends', 'both'),
      entry('folder/spends-recod', 'both'),
      entry('reports/profit-and-loss', 'both'),
      entry('reports/balance-sheet', 'both'),
      entry('reports/cash-book', 'both'),
      entry('reports/gross-profit', 'both'),
      entry('reports/aging', 'both'),
      entry('reports/vat', 'both'),
    ],
  },
  {
    title: menuText.groups.settings,
    entries: [
      entry('folder/user-activity', 'both'),
      entry('folder/categories', 'both'),
      entry('folder/settings', 'both'),
    ],
  },
];

export const isShownOn = (device: Device, mobile = isMobile) => device === 'both' || (device === 'mobile') === mobile;
