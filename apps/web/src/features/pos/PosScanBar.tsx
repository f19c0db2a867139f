import { type KeyboardEvent, type RefObject, useState } from 'react';
import { CameraScan } from '../../ui/camera/CameraScan.tsx';
import type { FoundItem } from '../items/ItemSearch.tsx';
import { ItemSearchButton } from '../items/ItemSearchButton.tsx';
import { posText as text } from './posText.ts';

/**
 * The scanner field, always ready (a counter scanner types into it and presses Enter; the touch keyboard opens only
 * when asked for), the camera, the item search, and what an unknown code says.
 */
export function PosScanBar({
  storeId,
  scanRef,
  term,
  onTerm,
  onScan,
  onPick,
  onSearchClosed,
  unknown,
}: {
  storeId: number;
  scanRef: RefObject<HTMLInputElement | null>;
  term: string;
  onTerm: (term: string) => void;
  /** A code scanned, typed and entered, or read by the camera. */
  onScan: (code: string) => void;
  onPick: (item: FoundItem) => void;
  onSearchClosed: () => void;
  unknown: string | undefined;
}) {
  const [keyboard, setKeyboard] = useState(false);
  const onScanKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onScan(event.currentTarget.value);
  };
  return (
    <>
      <div className="pos-scan">
        <label className="field grow">
          <span>{text.scanLabel}</span>
          <input
            ref={scanRef}
            className="plain-input pos-touch pos-scan-input"
            name="scan"
            data-testid="pos-scan"
            autoComplete="off"
            placeholder={text.scan}
            // A counter scanner types into the field; the touch keyboard only when asked for.
            inputMode={keyboard ? 'search' : 'none'}
            value={term}
            onChange={(e) => onTerm(e.target.value)}
            onKeyDown={onScanKey}
          />
        </label>
        <button
          type="button"
          className={keyboard ? 'plain-button pos-touch' : 'plain-button outline pos-touch'}
          aria-pressed={keyboard}
          onClick={() => setKeyboard((on) => !on)}
        >
          {text.keyboard}
        </button>
        <CameraScan onCode={onScan} />
        <ItemSearchButton
          storeId={storeId}
          className="plain-button outline pos-touch"
          onPick={onPick}
          onDismissed={onSearchClosed}
        />
      </div>
      {unknown && (
        <p className="pos-unknown" role="alert" data-testid="pos-unknown">
          {unknown}
        </p>
      )}
    </>
  );
}
