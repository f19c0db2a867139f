import { formatQuantity, isolate } from '../../app/format.ts';
import { useIonAlert } from '../../ui/ionic.ts';
import { shortagesOf } from '../invoices/useSales.ts';
import { transfersText as text } from './transfersText.ts';

/**
 * A refusal for want of stock (STOCK_INSUFFICIENT) lists its short items in a dialog, as the invoices do; answers
 * whether it was one (else the screen shows the error its own way).
 */
export function useShortageAlert() {
  const [alert] = useIonAlert();
  return (error: unknown): boolean => {
    const shortages = shortagesOf(error);
    if (!shortages.length) return false;
    void alert({
      header: text.shortTitle,
      message: shortages
        .map((s) =>
          text.shortLine(
            s.item_name,
            isolate(formatQuantity(s.requested_quantity)),
            isolate(formatQuantity(s.available_quantity)),
          ),
        )
        .join('\n'),
      cssClass: 'shortage-alert',
      buttons: [text.close],
    });
    return true;
  };
}
