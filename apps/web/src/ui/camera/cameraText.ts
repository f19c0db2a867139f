/** The words of the camera scan. */
export const cameraText = {
  scan: 'مسح بالكاميرا',
  title: 'وجّه الكاميرا إلى الباركود',
  close: 'إغلاق',
  failed: 'تعذر فتح الكاميرا: اسمح للمتصفح باستخدامها أو اكتب الكود',
} as const;
