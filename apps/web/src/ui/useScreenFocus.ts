import { type RefObject, useEffect, useRef } from 'react';

/**
 * Puts the focus in a screen's first field when it opens, unless the user is already in one of its fields: a fast
 * user's first keys can come before the screen's data, and a late focus moved the rest of a customer's name, or a
 * quantity, into another field. `userActed` is set by the screen from its form's key and pointer events (and
 * cleared when it starts a new document), so that data arriving later (the walk-in customer) moves the focus only
 * before the user starts.
 */
export function useScreenFocus(form: RefObject<HTMLFormElement | null>, focusStart: () => void) {
  const userActed = useRef(false);
  const latest = useRef(focusStart);
  latest.current = focusStart;
  useEffect(() => {
    const active = document.activeElement;
    const inAField = active instanceof HTMLInputElement && form.current?.contains(active);
    if (!inAField) latest.current();
  }, [form]);
  return userActed;
}
