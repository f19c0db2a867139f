import { FormModal } from '../../ui/FormModal.tsx';
import { type FoundItem, ItemSearchPanel } from './ItemSearch.tsx';
import { itemSearchText as text } from './itemSearchText.ts';

/** The item search as a dialog over the invoice, the POS or the count (Ionic draws a modal full screen on a phone). */
export function ItemSearchDialog({
  storeId,
  open,
  onClose,
  onPick,
  onDismissed,
}: {
  storeId: number;
  open: boolean;
  onClose: () => void;
  onPick: (item: FoundItem) => void;
  onDismissed?: (() => void) | undefined;
}) {
  return (
    <FormModal open={open} title={text.title} closeLabel={text.close} onClose={onClose} onDismissed={onDismissed}>
      <ItemSearchPanel
        storeId={storeId}
        onPick={(item) => {
          onPick(item);
          onClose();
        }}
      />
    </FormModal>
  );
}
