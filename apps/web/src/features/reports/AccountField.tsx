import { toWesternDigits } from '@mizan/contract';
import { useEffect, useId, useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { natureText } from '../accounts/natureText.ts';
import { useAllAccounts } from '../accounts/useAccounts.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { reportsText } from './reportsText.ts';

/**
 * Any account of the store, by name or code (any digits) typed or picked from the list with the arrows and Enter;
 * its balance shows once chosen. `only` keeps the accounts a screen may take (the cash book's money accounts).
 */
export function AccountField({
  label = reportsText.account,
  value,
  onChange,
  only,
  testId = 'account-field',
}: {
  label?: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  only?: (account: { ac_id: number; role: string | null }) => boolean;
  testId?: string;
}) {
  const { storeId } = useSession();
  const accounts = useAllAccounts(storeId).data?.filter((a) => !only || only(a));
  const inputId = useId();
  const listId = useId();
  const labelOf = (a: { sub_name: string; sub_code: string | null }) =>
    a.sub_code ? `${a.sub_name} — ${a.sub_code}` : a.sub_name;
  const chosen = accounts?.find((a) => a.id === value);
  const [typed, setTyped] = useState<string | undefined>();
  const shown = typed ?? (chosen ? labelOf(chosen) : '');
  const matchOf = (text: string) =>
    accounts?.find((a) => labelOf(a) === text || a.sub_name === text || a.sub_code === toWesternDigits(text));
  // A name typed before the list arrived (a fast hand, a year just switched) is chosen when it arrives.
  const arrived = typed !== undefined && accounts ? matchOf(typed)?.id : undefined;
  useEffect(() => {
    if (arrived === undefined) return;
    setTyped(undefined);
    onChange(arrived);
  }, [arrived, onChange]);
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        className="plain-input"
        list={listId}
        data-testid={testId}
        placeholder={reportsText.accountPlaceholder}
        value={shown}
        onChange={(e) => {
          const text = e.target.value;
          const match = matchOf(text);
          setTyped(match ? undefined : text);
          if (match) onChange(match.id);
        }}
      />
      <datalist id={listId}>
        {accounts?.map((a) => (
          <option key={a.id} value={labelOf(a)} />
        ))}
      </datalist>
      {chosen && (
        <small className="party-balance">
          <bdi className="num">{formatDecimal(chosen.current_balance)}</bdi> {natureText(chosen.balance_type)}
        </small>
      )}
    </div>
  );
}
