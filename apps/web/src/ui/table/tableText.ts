/**
 * The words of the shared table and its "load more". Its own module, not app/messages.ts: the sign-in page draws no
 * table, and the first loads is held to a budget (see build/firstLoad.ts).
 */
export const tableText = {
  hideColumns: 'إخفاء الأعمدة',
  loading: 'جارٍ التحميل…',
  /** "عرض 50 من 120", then the button. */
  loadMore: { shown: 'عرض', of: 'من', more: 'تحميل المزيد' },
} as const;
