/** Every Arabic text the shell shows, in one place. Error texts come from the contract's `messagesAr`. */
export const ui = {
  appName: 'ميزان',
  systemName: 'نظام ادارة المخازن',
  login: {
    title: 'تسجيل دخول',
    userName: 'اسم المستخدم',
    password: 'كلمة المرور',
    store: 'المخزن',
    submit: 'دخـــول',
    loading: 'جاري تسجيل الدخول...',
    incomplete: 'الرجاء إكمال بيانات تسجيل الدخول',
    failed: 'خطأ في اسم المستخدم أو كلمة المرور',
    noStores: 'لا توجد مخازن، أنشئ مستخدما ومخزنا بالأمر npm run user:add',
  },
  menu: {
    title: 'القائمة',
    logout: 'خروج',
    year: 'السنة المالية',
    store: 'المخزن',
    notifications: 'التنبيهات',
  },
  placeholder: {
    badge: 'قيد الإنشاء',
    text: 'هذه الشاشة لم تُبنَ بعد، وستتوفر في إصدار قادم من ميزان.',
  },
  loadingApp: 'جاري التحميل...',
  networkError: 'لم يتم الاتصال بالخادم، تحقق من الشبكة وحاول مرة أخرى',
  notFound: 'الصفحة غير موجودة',
  backHome: 'العودة إلى فاتورة المبيعات',
  renderFailed: 'تعذر عرض هذا الجزء من الشاشة. ما كتبته محفوظ؛ صحح آخر قيمة أو أعد المحاولة.',
  retry: 'إعادة المحاولة',
} as const;
