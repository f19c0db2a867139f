import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import type { FoundItem } from './ItemSearch.tsx';
import { itemSearchText as text } from './itemSearchText.ts';

// The dialog (and its lists) loads when the search is first opened: the sales screen's first load stays small.
const ItemSearchDialog = lazy(() =>
  import('./ItemSearchDialog.tsx').then((module) => ({ default: module.ItemSearchDialog })),
);

/** A button beside an item field that opens the item search; the item picked is handed over. */
export function ItemSearchButton({
  storeId,
  onPick,
  className = 'plain-button outline',
  onDismissed,
}: {
  storeId: number;
  onPick: (item: FoundItem) => void;
  className?: string;
  /** After the dialog is gone (Ionic gives the focus back to the button): the screen moves it where it wants. */
  onDismissed?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid="item-search-open"
        aria-label={text.open}
        title={text.open}
        onClick={() => setOpen(true)}
      >
        {/* A magnifier with a list: compact beside the item field (its name is the label). */}
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor">
          <circle cx="10" cy="10" r="6" strokeWidth="1.8" />
          <path strokeWidth="1.8" strokeLinecap="round" d="M14.5 14.5 20 20" />
        </svg>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <ItemSearchDialog
            storeId={storeId}
            open={open}
            onClose={() => setOpen(false)}
            onPick={onPick}
            onDismissed={onDismissed}
          />
        </Suspense>
      )}
    </>
  );
}
