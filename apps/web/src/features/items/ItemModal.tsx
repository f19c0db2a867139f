import type { Item } from '@mizan/contract';
import { FormModal } from '../../ui/FormModal.tsx';
import { LabelsButton } from '../labels/LabelsButton.tsx';
import { ItemForm } from './ItemForm.tsx';
import { itemsText } from './itemsText.ts';

/** The item form in a modal over the list: `item` edits it, without one a new item is created. */
export function ItemModal({
  storeId,
  open,
  item,
  onClose,
  onSaved,
  onDismissed,
}: {
  storeId: number;
  open: boolean;
  item: Item | undefined;
  onClose: () => void;
  onSaved?: (item: Item) => void;
  /** After the modal is gone (and Ionic has given the focus back to what opened it). */
  onDismissed?: () => void;
}) {
  return (
    <FormModal
      open={open}
      title={item ? itemsText.editItem : itemsText.newItem}
      closeLabel={itemsText.close}
      onClose={onClose}
      onDismissed={onDismissed}
    >
      <ItemForm
        key={item?.id ?? 'new'}
        storeId={storeId}
        item={item}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
      {item && (
        <div className="toolbar-row">
          <LabelsButton label={itemsText.labels} requests={() => [{ id: item.id, count: 1 }]} onOpen={onClose} />
        </div>
      )}
    </FormModal>
  );
}
