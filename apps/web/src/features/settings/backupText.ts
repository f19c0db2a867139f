/** The backups' words (settings screen and the warning on administrators' screens). */
export const backupText = {
  title: 'النسخ الاحتياطي',
  intro:
    'تحفظ ميزان نسخة احتياطية من الدفاتر تلقائيا وتتحقق من كل نسخة باسترجاعها في قاعدة تجريبية ومقارنة أرقامها قبل اعتمادها.',
  folder: 'مجلد النسخ',
  folderHint:
    'اجعل هذا المجلد على قرص ثانٍ أو ذاكرة USB (المتغير \u2068MIZAN_BACKUP_DIR\u2069) حتى لا يضيع الأصل والنسخة معا إذا تلف القرص.',
  schedule: 'التوقيت',
  failed: 'تعذر حفظ النسخة الاحتياطية أو التحقق منها، راجع السبب أدناه',
  every: (minutes: number) => (minutes > 0 ? `كل ${minutes} دقيقة وعند إيقاف الخادم` : 'النسخ التلقائي متوقف'),
  lastVerified: 'آخر نسخة مؤكدة',
  none: 'لا توجد نسخة احتياطية مؤكدة بعد',
  documents: 'المستندات',
  debit: 'مجموع المدين',
  credit: 'مجموع الدائن',
  stockAtCost: 'المخزون بالتكلفة',
  size: 'الحجم',
  lastFailure: 'آخر محاولة فاشلة',
  now: 'نسخ احتياطي الآن',
  running: 'جارٍ النسخ والتحقق…',
  done: 'تم حفظ نسخة احتياطية والتحقق منها',
  kept: 'النسخ المحفوظة',
  download: 'تنزيل',
  file: 'الملف',
  createdAt: 'التاريخ',
  overdue: 'تنبيه: لا توجد نسخة احتياطية مؤكدة منذ أكثر من 26 ساعة. افتح الإعدادات ← النسخ الاحتياطي.',
  openSettings: 'الإعدادات',
  pointInTime: 'الاستعادة إلى لحظة',
  pointInTimeSince: 'ممكنة إلى أي لحظة منذ',
  pointInTimeWaiting: 'تبدأ بعد أول نسخة أساسية (تؤخذ مع أول نسخة احتياطية)',
  lastArchived: 'آخر حفظ لسجل التغييرات',
  archiveFailing: 'تعذر حفظ سجل التغييرات في مجلد النسخ: تأكد أن القرص أو ذاكرة USB موصولة وبها مساحة',
};

/** The warning on an administrator's screens while the disk under the database is full (DiskFullWarning.tsx). */
export const diskFullText = {
  warning:
    'تنبيه: القرص الذي عليه قاعدة البيانات ممتلئ، فلا تُحفظ المبيعات ولا أي عملية الآن. احذف أو انقل ملفات لا تلزم من هذا القرص، ثم أعد الحفظ: لا حاجة لإعادة تشغيل البرنامج.',
};
