import { DateField } from '../../ui/DateField.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { reportsText } from './reportsText.ts';

export type PeriodMode = 'year' | 'date' | 'range';
export type PeriodChoice = { mode: PeriodMode; from: string; to: string };

/** What a period sends: `search_type` 0 (the year), 1 (one day) or 2 (a range), with its dates. */
export const periodQuery = ({ mode, from, to }: PeriodChoice) => ({
  search_type: mode === 'year' ? 0 : mode === 'date' ? 1 : 2,
  start_date: mode === 'year' ? undefined : from || undefined,
  end_date: mode === 'range' ? to || undefined : undefined,
});

/** The period of a report: the chosen year, one day, or a range; `yearLabel` names the first choice. */
export function PeriodBar({
  value,
  onChange,
  yearLabel = reportsText.modes.year,
}: {
  value: PeriodChoice;
  onChange: (value: PeriodChoice) => void;
  yearLabel?: string;
}) {
  return (
    <>
      <Segmented
        label={reportsText.mode}
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode })}
        options={[
          { value: 'year', label: yearLabel },
          { value: 'date', label: reportsText.modes.date },
          { value: 'range', label: reportsText.modes.range },
        ]}
      />
      {value.mode !== 'year' && (
        <div className="invoice-header">
          <DateField
            label={value.mode === 'range' ? reportsText.from : reportsText.date}
            value={value.from}
            onChange={(from) => onChange({ ...value, from })}
          />
          {value.mode === 'range' && (
            <DateField label={reportsText.to} value={value.to} onChange={(to) => onChange({ ...value, to })} />
          )}
        </div>
      )}
    </>
  );
}
