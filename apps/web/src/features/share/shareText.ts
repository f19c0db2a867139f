/** The words of sharing an invoice (docs/sharing.md): the buttons and the summary's lines. */
export const shareText = {
  share: 'مشاركة',
  whatsApp: 'واتساب',
  whatsAppTo: (party: string) => `إرسال إلى ${party} على واتساب`,
  whatsAppAny: 'إرسال على واتساب',
  date: (day: string) => `التاريخ: ${day}`,
  party: (name: string) => `العميل: ${name}`,
  total: (amount: string, currency: string) => `الإجمالي: ${amount} ${currency}`,
  remaining: (amount: string, currency: string) => `المتبقي: ${amount} ${currency}`,
} as const;
