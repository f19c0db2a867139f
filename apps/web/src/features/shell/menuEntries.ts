/**
 * The side menu of seed section 2 / screens.md section 1: five groups, each entry shown on desktop, on mobile or
 * on both, exactly as the seed says.
 */
import { isMobile } from '../../app/platform.ts';

export type Device = 'desktop' | 'mobile' | 'both';
export type MenuEntry = { label: string; path: string; device: Device };
export type MenuGroup = { title: string; entries: MenuEntry[] };

export const menuGroups: MenuGroup[] = [
  {
    title: 'المبيعات',
    entries: [
      { label: 'فاتورة مبيعات', path: '/folder/sales', device: 'desktop' },
      { label: 'فاتورة مبيعات', path: '/folder/sales-mob', device: 'mobile' },
      { label: 'سجل مبيعات', path: '/folder/sales-record', device: 'both' },
      { label: 'مرتجع مبيعات', path: '/folder/sales-return', device: 'both' },
      { label: 'سجل مرتجعات المبيعات', path: '/folder/sales-returns-record', device: 'both' },
    ],
  },
  {
    title: 'المشتريات',
    entries: [
      { label: 'فاتورة مشتريات', path: '/folder/purchase', device: 'desktop' },
      { label: 'فاتورة مشتريات', path: '/folder/purchase-mob', device: 'mobile' },
      { label: 'سجل المشتريات', path: '/folder/purchase-record', device: 'both' },
      { label: 'مرتجع مشتريات', path: '/folder/purchase-return', device: 'both' },
      { label: 'سجل مرتجعات المشتريات', path: '/folder/purchase-returns-record', device: 'both' },
      { label: 'طلبات الشراء', path: '/folder/prch-order', device: 'desktop' },
      { label: 'سجل طلبات الشراء', path: '/folder/prch-order-record', device: 'desktop' },
    ],
  },
  {
    title: 'المخزن',
    entries: [
      { label: 'المخزن', path: '/item-stock', device: 'both' },
      { label: 'الكميات الإفتتاحية', path: '/folder/firstq-modal', device: 'both' },
      { label: 'حركة الأصناف', path: '/folder/items-report', device: 'desktop' },
      { label: 'التسوية الجردية', path: '/folder/tswia', device: 'desktop' },
      { label: 'سجل التسويات الجردية', path: '/folder/tswia-record', device: 'desktop' },
    ],
  },
  {
    title: 'الحسابات',
    entries: [
      { label: 'ادارة الحسابات', path: '/folder/sub-account2', device: 'desktop' },
      { label: 'شجرة الحسابات', path: '/folder/account-tree', device: 'desktop' },
      { label: 'السندات', path: '/folder/cash2', device: 'both' },
      { label: 'سجل السندات', path: '/folder/spend-record2', device: 'both' },
      { label: 'كشف حساب', path: '/folder/statement2', device: 'both' },
      { label: 'الأرصدة', path: '/folder/balance-sheet2', device: 'both' },
    ],
  },
  {
    title: 'الإعدادات والضبط',
    entries: [
      { label: 'أنشطة المستخدمين', path: '/folder/user-activity', device: 'both' },
      { label: 'التصنيفات', path: '/folder/categories', device: 'both' },
      { label: 'الإعدادات والضبط', path: '/folder/settings', device: 'both' },
    ],
  },
];

export const isShownOn = (device: Device, mobile = isMobile) => device === 'both' || (device === 'mobile') === mobile;
