/** The words of sharing an invoice (issue 34, part 4): the buttons and the summary's lines. */
export const shareText = {
  share: 'مشاركة',
  whatsApp: 'واتساب',
  whatsAppTo: (party: string) => `إرسال إلى ${party} على واتساب`,
  whatsAppAny: 'إرسال على واتساب',
  /** The printed document as an image: shared on a phone, downloaded on a desktop. */
  shareImage: 'مشاركة كصورة',
  downloadImage: 'تنزيل كصورة',
  preparing: 'جارٍ تجهيز الصورة…',
  tapAgain: 'الصورة جاهزة: اضغط «مشاركة كصورة» مرة أخرى',
  imageFailed: 'تعذر تجهيز صورة الفاتورة',
  /** The summary's lines (share.ts). */
  date: 'التاريخ:',
  party: 'العميل:',
  total: 'الإجمالي:',
  remaining: 'المتبقي:',
};
