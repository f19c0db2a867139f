import type { RoutePath } from '../../app/routes.tsx';
import { screenTitles } from './shellText.ts';

/** The side menu's words (seed section 2): its five groups; each entry is labelled by `menuLabel`. */
export const menuText = {
  groups: {
    sales: 'المبيعات',
    purchases: 'المشتريات',
    stock: 'المخزن',
    accounts: 'الحسابات',
    settings: 'الإعدادات والضبط',
  },
} as const;

/**
 * The entries whose label is not the title of the screen they open: the seed's menu words them its own way
 * ("سجل مبيعات" opens the screen titled "سجل المبيعات").
 */
const ownLabels: Partial<Record<RoutePath, string>> = {
  'folder/sales-record': 'سجل مبيعات',
  'folder/prch-order': 'طلبات الشراء',
  'folder/prch-order-record': 'سجل طلبات الشراء',
  'item-stock': 'المخزن',
  'folder/items-report': 'حركة الأصناف',
  'folder/tswia': 'التسوية الجردية',
  'folder/transfer': 'التحويل المخزني',
  'folder/sub-account2': 'ادارة الحسابات',
  'folder/cash2': 'السندات',
  'folder/balance-sheet2': 'الأرصدة',
  'folder/categories': 'التصنيفات',
};

/** An entry's label: its own, or the title of the screen it opens. */
export const menuLabel = (path: RoutePath): string => ownLabels[path] ?? screenTitles[path];
