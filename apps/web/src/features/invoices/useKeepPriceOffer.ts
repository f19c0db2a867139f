import { routes } from '@mizan/contract';
import { call } from '../../app/api.ts';
import { refreshStore } from '../../app/queryClient.ts';
import { useNotify } from '../../ui/useNotify.ts';
import type { DocumentScreen } from './documentScreens.ts';
import { salesText } from './salesText.ts';
import type { ItemWithStock } from './useSales.ts';

type Alert = (options: { message: string; buttons: { text: string; role?: string; handler?: () => void }[] }) => void;

/**
 * A price typed on a line may be kept on the item (screens.md: "offers to save the new price to the item"): the
 * selling price on a sale, the purchase price on a purchase (the selling price kept as it is).
 */
export function useKeepPriceOffer(storeId: number, price: DocumentScreen['price'], alert: Alert) {
  const notify = useNotify();
  return (item: ItemWithStock, typed: string) =>
    alert({
      message: salesText.keepPrice(item.item_name, typed),
      buttons: [
        { text: salesText.no_, role: 'cancel' },
        {
          text: salesText.yes,
          handler: () =>
            void call(routes.items.updatePayPrice, {
              body: {
                id: item.id,
                store_id: storeId,
                ...(price === 'pay_price' ? { pay_price: typed } : { pay_price: item.pay_price, perch_price: typed }),
              },
            })
              .then(() => {
                notify.done(salesText.priceKept);
                void refreshStore(storeId);
              })
              .catch(notify.failed),
        },
      ],
    });
}
