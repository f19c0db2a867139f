import type { KeyboardEvent } from 'react';

/**
 * Enter moves to the next field, as a cashier expects; it never saves the invoice (a half-typed purchase was
 * saved with nothing paid). Saving is Ctrl+S or the save button. Fields that handle Enter themselves (the item
 * entry, the lines) prevent the default first.
 */
export function enterMovesOn(event: KeyboardEvent<HTMLFormElement>) {
  const field = event.target as HTMLElement;
  // A modal opened from the form (a new item or party) is in the form's React tree but not in its page.
  const inForm = event.currentTarget.contains(field);
  if (event.key !== 'Enter' || event.defaultPrevented || field.tagName !== 'INPUT' || !inForm) return;
  event.preventDefault();
  const fields = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input:not([disabled])')].filter(
    (input) => input.offsetParent !== null && input.tabIndex >= 0,
  );
  fields[fields.indexOf(field as HTMLInputElement) + 1]?.focus();
}

/** Ctrl+S (⌘S) saves, on any keyboard layout (an Arabic layout types the letter seen, not "s", with the S key). */
export const isSaveKey = (event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'key' | 'code'>) =>
  (event.ctrlKey || event.metaKey) && (event.key === 's' || event.code === 'KeyS');
