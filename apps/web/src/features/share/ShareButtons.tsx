/**
 * The invoice's share actions (issue 34, part 4): the system share sheet where the device has one (Web Share, on
 * phones), and a WhatsApp message to the customer's phone. Both carry the invoice's summary (share.ts), never a link.
 */
import { IonButton } from '../../ui/ionic.ts';
import { type InvoiceSummary, invoiceSummaryText, whatsAppLink, whatsAppNumber } from './share.ts';
import { shareText } from './shareText.ts';

export function ShareButtons({
  summary,
  phone,
  countryCode,
}: {
  summary: InvoiceSummary;
  phone: string | null | undefined;
  countryCode: string;
}) {
  const text = invoiceSummaryText(summary);
  const number = whatsAppNumber(phone, countryCode);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <>
      {canShare && (
        <IonButton
          fill="outline"
          data-testid="share-invoice"
          onClick={() => void navigator.share({ title: `${summary.label} ${summary.pay_ref}`, text }).catch(() => {})}
        >
          {shareText.share}
        </IonButton>
      )}
      <IonButton
        fill="outline"
        data-testid="share-whatsapp"
        href={whatsAppLink(text, number)}
        target="_blank"
        rel="noopener noreferrer"
        title={number && summary.party ? shareText.whatsAppTo(summary.party) : shareText.whatsAppAny}
      >
        {shareText.whatsApp}
      </IonButton>
    </>
  );
}
