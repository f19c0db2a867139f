import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { choiceLabel, type Named, searchTermOf, type TypedChoice } from './typedChoice.ts';
import { useDebounced } from './useDebounced.ts';

type Entry = Named & { id: number };

/**
 * What the search pickers (the party picker, the account field) share: the text typed, the suggestions open or
 * closed, the one highlighted, ↓/↑ Enter Escape, a name or code typed whole chosen once a search brings it, and the
 * hand-over a save awaits (`TypedChoice`). The picker brings what it searches and where it finds a chosen entry.
 */
export function useCombobox<T extends Entry, Key extends QueryKey>({
  value,
  onChange,
  onChosen,
  typedChoice,
  searchQuery,
  fetchSearch,
  chosenOf,
  matchOf,
  namedBy,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** An entry was chosen (picked, or its full label typed), or Enter was pressed on the chosen one. */
  onChosen?: (() => void) | undefined;
  typedChoice?: TypedChoice | undefined;
  /** The picker's search of a term; its query asks nothing for `''` and keeps the previous term's on show. */
  searchQuery: (term: string) => UseQueryOptions<T[], Error, T[], Key>;
  /** Asks for a term's suggestions now (Enter or a save pressed before they came). */
  fetchSearch: (term: string) => Promise<T[]>;
  /**
   * The chosen entry (`value`) from the picker's reads; `lastSeen` is the last one shown for it, which keeps its
   * label in the field while those reads are asked again.
   */
  chosenOf: (lastSeen: T | undefined) => T | undefined;
  /** The entry a read already brought that a text names exactly. */
  matchOf: (text: string) => T | undefined;
  /** Whether an entry is the one a text names exactly. */
  namedBy: (text: string) => (entry: T) => boolean;
}) {
  // What is typed stays in the field while it names no entry (Backspace in a chosen one keeps the text and the
  // focus); an entry chosen from outside (a new invoice, an opened voucher) shows its label.
  const [typed, setTyped] = useState<{ value: number | undefined; text: string }>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Enter picks the first suggestion, or the one the arrows moved to.
  const moved = useRef(false);
  // Searched while the list is open, and after it closed while the text names no entry yet (typed whole and left
  // before its suggestions came: chosen when they do).
  const term = typed && (open || typed.value === undefined) ? searchTermOf(typed.text) : '';
  const debounced = useDebounced(term, 150);
  const search = useQuery(searchQuery(debounced));
  const results = open && debounced !== '' ? (search.data ?? []) : [];
  const empty = open && term !== '' && debounced === term && !search.isPlaceholderData && search.data?.length === 0;

  const seen = useRef<T>(undefined);
  const chosen = value === undefined ? undefined : chosenOf(seen.current?.id === value ? seen.current : undefined);
  if (chosen) seen.current = chosen;
  const shown = typed && typed.value === value ? typed.text : chosen ? choiceLabel(chosen) : '';

  // Set by a blur, cleared by a focus or a text typed: a text found once the field was left shows the full label,
  // as a choice does when the field is left after it.
  const left = useRef(false);
  // A name or code typed before its suggestions arrived (a fast hand, a slow network) is chosen when they do.
  const pending = typed && typed.value === undefined && value === undefined ? typed.text : undefined;
  const arrived = pending ? matchOf(pending)?.id : undefined;
  useEffect(() => {
    if (pending === undefined || arrived === undefined) return;
    setTyped(left.current ? undefined : { value: arrived, text: pending });
    onChange(arrived);
  }, [pending, arrived, onChange]);

  const latestText = useRef('');
  latestText.current = typed?.text ?? '';
  // A save pressed before that search answered asks now, and saves with the entry the text names, if any.
  if (typedChoice) typedChoice.current = pending === undefined ? undefined : () => chooseTyped(pending);
  // A picker taken off the screen (the POS's credit switched to cash) names nothing to its form's save.
  useEffect(
    () => () => {
      if (typedChoice) typedChoice.current = undefined;
    },
    [typedChoice],
  );
  async function chooseTyped(text: string) {
    const found = (await fetchSearch(searchTermOf(text))).find(namedBy(text));
    if (!found || latestText.current !== text) return undefined;
    seen.current = found;
    setTyped(left.current ? undefined : { value: found.id, text });
    onChange(found.id);
    return found.id;
  }
  function pick(entry: T) {
    seen.current = entry;
    setTyped({ value: entry.id, text: choiceLabel(entry) });
    setOpen(false);
    onChange(entry.id);
    onChosen?.();
  }
  /** An entry chosen elsewhere (a party added in its modal): its label shows. */
  function adopt(entry: T) {
    seen.current = entry;
    setTyped(undefined);
    onChange(entry.id);
  }
  async function enter(event: KeyboardEvent) {
    // The suggestion the arrows moved to is the one the user saw highlighted, whatever term it was found for.
    const highlighted = moved.current ? results[active] : undefined;
    if (highlighted) {
      event.preventDefault();
      return pick(highlighted);
    }
    const current = search.isPlaceholderData || debounced !== term ? undefined : search.data;
    // Enter on a chosen entry (by its code: "177") goes on (the invoice's item); a form without that submits.
    if (chosen && (typed === undefined || typed.value === value)) {
      if (!onChosen) return;
      event.preventDefault();
      setOpen(false);
      return onChosen();
    }
    if (term === '') return;
    event.preventDefault();
    // Before the suggestions came: asked now, and the first is chosen unless the text changed meanwhile.
    const text = latestText.current;
    const found = current ?? (await fetchSearch(term));
    if (found[0] && latestText.current === text) pick(found[0]);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moved.current = true;
      if (!open) {
        // The list opens again on what the field shows (a chosen entry's name).
        if (searchTermOf(shown) === '') return;
        setTyped({ value, text: shown });
        return setOpen(true);
      }
      // Stops at either end: no wrap.
      const last = Math.max(results.length - 1, 0);
      setActive((i) => (event.key === 'ArrowDown' ? Math.min(i + 1, last) : Math.max(i - 1, 0)));
    } else if (event.key === 'Escape' && open) {
      // Closes the suggestions only: a dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Enter') void enter(event);
  }
  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    left.current = false;
    const text = event.target.value;
    const match = matchOf(text);
    setTyped({ value: match?.id, text });
    setOpen(searchTermOf(text) !== '');
    setActive(0);
    moved.current = false;
    onChange(match?.id);
    if (match && choiceLabel(match) === text && text !== shown) onChosen?.();
  }
  // An entry chosen by its code or name shows its full label once the field is left.
  function onBlur() {
    left.current = true;
    setOpen(false);
    if (chosen) setTyped(undefined);
  }
  function onFocus() {
    left.current = false;
  }

  return {
    chosen,
    pending,
    results,
    active,
    empty,
    pick,
    adopt,
    input: { value: shown, onChange: onInputChange, onKeyDown, onFocus, onBlur },
  };
}
