import { useEffect, useId } from 'react';
import { ui } from '../../app/messages.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useYears } from '../settings/useYears.ts';

/**
 * The accounting year: year 1 is read from `/api/`, any other from `/api23/` (the api module decides). The device's
 * own select, drawn as Ionic's stacked one: Ionic's select brought its popover, alert and action sheet (a fifth of
 * the sales screen's code) to start with every screen.
 */
export function YearSwitch({ storeId }: { storeId: number }) {
  const { year, chooseYear } = useAuth();
  const years = useYears(storeId);
  const id = useId();

  // Legacy rule: with no year chosen yet, the first one listed (the current year) is kept.
  useEffect(() => {
    const first = years.data?.[0];
    if (!year && first) void chooseYear(first);
  }, [year, years.data, chooseYear]);

  return (
    <div className="year-switch">
      <label htmlFor={id}>{ui.menu.year}</label>
      <select
        id={id}
        name="year"
        value={year?.id ?? ''}
        onChange={(e) => {
          const chosen = years.data?.find((y) => y.id === Number(e.target.value));
          if (chosen && chosen.id !== year?.id) void chooseYear(chosen);
        }}
      >
        {/* The chosen year shows while the list loads. */}
        {!years.data && year && <option value={year.id}>{year.yearDesc}</option>}
        {years.data?.map((y) => (
          <option key={y.id} value={y.id}>
            {y.yearDesc}
          </option>
        ))}
      </select>
    </div>
  );
}
