import { useEffect, useRef, useState } from 'react';
import { formatDate, parseDate } from '../app/format.ts';
import { dateFieldText as text } from './dateFieldText.ts';

/**
 * A labelled date, shown and typed day first (23/11/2026) whatever the browser's language, with the device's own
 * calendar one tap away. `value` and `onChange` speak ISO ("2026-11-23", "" when cleared), as the server does; a
 * date being typed is passed on once it is a day of the calendar, and leaving the field shows the last one passed.
 */
export function DateField({
  label,
  name,
  value,
  onChange,
  readOnly = false,
  readOnlyHint,
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (iso: string) => void;
  /** Shown but not changed (a role that may not pick another date); `readOnlyHint` says why. */
  readOnly?: boolean;
  readOnlyHint?: string;
}) {
  const [typed, setTyped] = useState(() => formatDate(value));
  const calendar = useRef<HTMLInputElement>(null);

  // A date set from elsewhere (a loaded invoice, the calendar, a new document) replaces what is shown, unless it
  // is the one being typed ("5/1/2026" stays as typed while it means 2026-01-05).
  useEffect(() => {
    setTyped((shown) => (parseDate(shown) === value || (shown === '' && value === '') ? shown : formatDate(value)));
  }, [value]);

  return (
    <label className="field date-field">
      <span>{label}</span>
      <span className="date-field-inputs">
        <input
          className="plain-input"
          name={name}
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          placeholder={text.dayFirst}
          readOnly={readOnly}
          aria-readonly={readOnly}
          title={readOnly ? readOnlyHint : undefined}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            const iso = e.target.value.trim() === '' ? '' : parseDate(e.target.value);
            if (iso !== undefined && iso !== value) onChange(iso);
          }}
          onBlur={() => setTyped(formatDate(value))}
        />
        {/* The calendar: the browser's date input, hidden, opened by the button (typing stays the fast way). */}
        {!readOnly && (
          <>
            <input
              ref={calendar}
              type="date"
              className="date-field-calendar"
              tabIndex={-1}
              aria-hidden="true"
              value={value}
              onChange={(e) => onChange(e.target.value)}
            />
            <button
              type="button"
              className="date-field-button"
              tabIndex={-1}
              aria-label={text.calendar}
              title={text.calendar}
              onClick={() => calendar.current?.showPicker()}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Zm2 2v2h2v-2H7Zm4 0v2h2v-2h-2Zm4 0v2h2v-2h-2Z"
                />
              </svg>
            </button>
          </>
        )}
      </span>
    </label>
  );
}
