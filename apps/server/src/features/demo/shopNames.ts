/** People's names the generated shop gives its customers and its staff (shopGenerator.ts, shopJournals.ts). */
export const firstNames = ['محمد', 'أحمد', 'عمر', 'علي', 'خالد', 'ياسر', 'حسن', 'عثمان', 'إبراهيم', 'مصطفى'];
export const lastNames = ['الأمين', 'عبدالله', 'النور', 'صالح', 'الطيب', 'بابكر', 'إدريس', 'حامد'];
