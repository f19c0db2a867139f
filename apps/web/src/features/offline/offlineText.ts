/** The Arabic words of selling offline: the waiting sales, the receipt's note, the review of set-aside sales. */
export const offlineText = {
  waiting: (count: number) => `${count} بانتظار المزامنة`,
  waitingTitle: 'مبيعات محفوظة على هذا الجهاز تنتظر الإرسال إلى الخادم',
  setAside: (count: number) => `${count} للمراجعة`,
  setAsideTitle: 'مبيعات رفضها الخادم، تنتظر المراجعة',
  pendingNote: 'بانتظار المزامنة',
  pendingRef: (counter: number) => `رقم الجهاز ${counter}`,
  savedOffline: (counter: number) =>
    `لا اتصال بالخادم: حُفظ البيع على هذا الجهاز (رقم ${counter}) وسيُرسل عند عودة الاتصال`,
  signOutRefused: (count: number) =>
    `لا يمكن الخروج: ${count} من المبيعات على هذا الجهاز لم تصل إلى الخادم بعد. اتصل بالشبكة وانتظر المزامنة، أو راجع المبيعات المرفوضة في شاشة المزامنة`,
  refusedReason: (message: string) => `رفضها الخادم: ${message}`,
  offline: 'بدون اتصال',
  sendNow: 'إرسال الآن',
  review: 'مراجعة المبيعات',
  notSaved: 'لم يُحفظ البيع على الجهاز، لم يتم البيع: حاول مرة أخرى',
} as const;
