/** The words of sharing an invoice (issue 34, part 4): the buttons and the summary's lines. */
export const shareText = {
  share: 'مشاركة',
  whatsApp: 'واتساب',
  whatsAppTo: (party: string) => `إرسال إلى ${party} على واتساب`,
  whatsAppAny: 'إرسال على واتساب',
  /** The summary's lines (share.ts). */
  date: 'التاريخ:',
  party: 'العميل:',
  total: 'الإجمالي:',
  remaining: 'المتبقي:',
};
