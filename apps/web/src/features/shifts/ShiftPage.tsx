/**
 * The till's shift (folder/shift, docs/shifts.md), desktop and phone: with no shift open on this device's till,
 * the float is counted (by denomination if the cashier wants) and the shift opened; while open, the X report, money
 * paid in or out with its reason, and the close with the cash counted, which shows the Z report to print on the
 * till roll. The device keeps the open shift's id, so a sale made offline stays that shift's.
 */
import { normalizeNumberInput, routes, type ShiftReport } from '@mizan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { storeKey } from '../../app/queryClient.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useCompany } from '../settings/useSettings.ts';
import './shifts.css';
import { ShiftReceipt } from './ShiftReceipt.tsx';
import { shiftText as text } from './shiftText.ts';
import { deviceTill, keepShift, setDeviceTill } from './till.ts';

export const shiftKeys = {
  all: (storeId: number) => [...storeKey(storeId), 'shifts'] as const,
  current: (storeId: number, till: string) => [...shiftKeys.all(storeId), 'current', till] as const,
};

/** The denominations a drawer usually holds, largest first (the cashier types how many of each). */
const DENOMINATIONS = ['500', '200', '100', '50', '20', '10', '5', '2', '1', '0.50', '0.25'];

/** A count by denomination: the counts typed, their sum in minor units (exact, no floats). */
function useDenominations() {
  const [counts, setCounts] = useState<Record<string, string>>({});
  const typed = DENOMINATIONS.map((value) => ({
    value,
    count: Number(normalizeNumberInput(counts[value] ?? '')),
  })).filter((d) => Number.isInteger(d.count) && d.count > 0);
  const cents = typed.reduce((sum, d) => sum + BigInt(Math.round(Number(d.value) * 100)) * BigInt(d.count), 0n);
  const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return { counts, setCounts, typed, total, reset: () => setCounts({}) };
}

function DenominationCount({ count }: { count: ReturnType<typeof useDenominations> }) {
  return (
    <div className="denominations" data-testid="denominations">
      {DENOMINATIONS.map((value) => (
        <PlainField
          key={value}
          label={`${text.denomination} ${formatDecimal(value)}`}
          name={`denomination-${value}`}
          inputMode="numeric"
          dir="ltr"
          value={count.counts[value] ?? ''}
          onChange={(e) => count.setCounts({ ...count.counts, [value]: normalizeNumberInput(e.target.value) })}
        />
      ))}
      <p className="denominations-sum">
        {text.denominationsSum}: <bdi className="num">{formatDecimal(count.total)}</bdi>
      </p>
    </div>
  );
}

/**
 * Cash counted into or out of the drawer: typed as one amount, or counted by denomination (then the amount is their
 * sum, and the denominations go with it). `amount` is what is sent ('0' when nothing was typed).
 */
function useCashCount() {
  const [typed, setTyped] = useState('');
  const [byDenomination, setByDenomination] = useState(false);
  const count = useDenominations();
  const amount = byDenomination ? count.total : typed === '' ? '0' : typed;
  return {
    typed,
    setTyped,
    byDenomination,
    setByDenomination,
    count,
    amount,
    denominations: byDenomination ? { denominations: count.typed } : {},
  };
}

function CashCount({ cash, label, name }: { cash: ReturnType<typeof useCashCount>; label: string; name: string }) {
  return (
    <>
      <label className="check-row">
        <input
          type="checkbox"
          checked={cash.byDenomination}
          onChange={(e) => cash.setByDenomination(e.target.checked)}
        />
        {text.byDenomination}
      </label>
      {cash.byDenomination ? (
        <DenominationCount count={cash.count} />
      ) : (
        <PlainField
          label={label}
          name={name}
          inputMode="decimal"
          dir="ltr"
          value={cash.typed}
          onChange={(e) => cash.setTyped(normalizeNumberInput(e.target.value))}
        />
      )}
    </>
  );
}

export default function ShiftPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [till, setTill] = useState(deviceTill);
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: shiftKeys.current(storeId, till),
    queryFn: async () => (await call(routes.shift.current, { query: { till, store_id: storeId } })).data[0] ?? null,
  });
  const shift = current.data ?? undefined;
  // The device keeps the open shift (its offline sales carry it) and forgets it once none is open.
  useEffect(() => {
    if (current.isSuccess) keepShift(storeId, shift?.closed_at === null ? shift.id : undefined);
  }, [current.isSuccess, shift, storeId]);
  const [closedReport, setClosedReport] = useState<ShiftReport | undefined>();
  const shown = (report: ShiftReport) => {
    queryClient.setQueryData(shiftKeys.current(storeId, till), report.closed_at === null ? report : null);
    void queryClient.invalidateQueries({ queryKey: shiftKeys.all(storeId) });
  };
  return (
    <Page title={title}>
      <div className="shift-page">
        {current.isError && <p className="error">{text.failed}</p>}
        {current.isSuccess && !shift && (
          <>
            {closedReport && <ClosedShift report={closedReport} />}
            <OpenShiftForm
              till={till}
              onOpened={(report) => {
                setClosedReport(undefined);
                keepShift(storeId, report.id);
                setTill(report.till);
                shown(report);
              }}
            />
          </>
        )}
        {shift && (
          <OpenShift
            shift={shift}
            onChanged={shown}
            onClosed={(report) => {
              keepShift(storeId, undefined);
              setClosedReport(report);
              shown(report);
            }}
          />
        )}
      </div>
    </Page>
  );
}

/**
 * The float counted and the shift opened. The till's name is typed here and becomes the device's only when the
 * shift opens on it (the page reads the shift of the device's till).
 */
function OpenShiftForm({ till, onOpened }: { till: string; onOpened: (report: ShiftReport) => void }) {
  const notify = useNotify();
  const [name, setName] = useState(till);
  const cash = useCashCount();
  const open = useMutation({
    mutationFn: () =>
      call(routes.shift.open, {
        body: { till: name.trim(), opening_float: cash.amount, ...cash.denominations },
      }),
    onSuccess: (answer) => {
      const [report] = answer.data;
      if (report) onOpened(report);
      notify.done(text.opened);
    },
    onError: notify.failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return notify.refused(text.till);
    setDeviceTill(name);
    open.mutate();
  };
  return (
    <form className="shift-card" onSubmit={submit} noValidate data-testid="shift-open-form">
      <p className="shift-state" data-testid="shift-state">
        {text.noShift}
      </p>
      <PlainField label={text.till} name="till" value={name} onChange={(e) => setName(e.target.value)} />
      <small className="hint">{text.tillHint}</small>
      <CashCount cash={cash} label={text.openingFloat} name="opening_float" />
      <IonButton type="submit" disabled={open.isPending} data-testid="open-shift">
        {text.open}
      </IonButton>
    </form>
  );
}

function OpenShift({
  shift,
  onChanged,
  onClosed,
}: {
  shift: ShiftReport;
  onChanged: (report: ShiftReport) => void;
  onClosed: (report: ShiftReport) => void;
}) {
  const notify = useNotify();
  const company = useCompany();
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const move = useMutation({
    mutationFn: () => call(routes.shift.cashMove, { body: { shift_id: shift.id, kind, amount, reason } }),
    onSuccess: (answer) => {
      const [report] = answer.data;
      if (report) onChanged(report);
      setAmount('');
      setReason('');
      notify.done(text.moved);
    },
    onError: notify.failed,
  });
  const submitMove = (event: FormEvent) => {
    event.preventDefault();
    move.mutate();
  };
  return (
    <div className="shift-open">
      <section className="shift-card">
        <h2 className="shift-state" data-testid="shift-state">
          {text.openShift}: <bdi className="num">{shift.shift_ref}</bdi> — <bdi>{shift.till}</bdi>
        </h2>
        <ShiftReceipt report={shift} company={company.data?.[0]?.arName} width="80" />
        <Link className="shift-print-link" to={`/shift-report?shift_id=${shift.id}&width=80`}>
          {text.print}
        </Link>
      </section>
      <form className="shift-card" onSubmit={submitMove} noValidate data-testid="shift-move-form">
        <Segmented
          label={text.moveKind}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'out', label: text.moveOut },
            { value: 'in', label: text.moveIn },
          ]}
        />
        <PlainField
          label={text.amount}
          name="move_amount"
          inputMode="decimal"
          dir="ltr"
          value={amount}
          onChange={(e) => setAmount(normalizeNumberInput(e.target.value))}
        />
        <PlainField label={text.reason} name="move_reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        <IonButton type="submit" fill="outline" disabled={move.isPending} data-testid="add-move">
          {text.addMove}
        </IonButton>
      </form>
      <CloseShiftForm shift={shift} onClosed={onClosed} />
    </div>
  );
}

/**
 * The close: the cash in the drawer counted (or counted by denomination) against what the books expect, asked once
 * more before it closes. The cashier's own shift on the shift screen; another's, for a manager, on its report.
 */
export function CloseShiftForm({ shift, onClosed }: { shift: ShiftReport; onClosed: (report: ShiftReport) => void }) {
  const notify = useNotify();
  const cash = useCashCount();
  const close = useMutation({
    mutationFn: () =>
      call(routes.shift.close, {
        body: { shift_id: shift.id, counted: cash.amount, ...cash.denominations },
      }),
    onSuccess: (answer) => {
      const [report] = answer.data;
      if (report) onClosed(report);
      notify.done(text.closed);
    },
    onError: notify.failed,
  });
  const submitClose = (event: FormEvent) => {
    event.preventDefault();
    if (window.confirm(text.closeConfirm(formatDecimal(cash.amount), formatDecimal(shift.expected_cash))))
      close.mutate();
  };
  return (
    <form className="shift-card" onSubmit={submitClose} noValidate data-testid="shift-close-form">
      <CashCount cash={cash} label={text.counted} name="counted" />
      <IonButton type="submit" color="danger" disabled={close.isPending} data-testid="close-shift">
        {text.close}
      </IonButton>
    </form>
  );
}

/** The Z report of the shift just closed, to print on the till roll before the next one opens. */
function ClosedShift({ report }: { report: ShiftReport }) {
  const company = useCompany();
  return (
    <section className="shift-card" data-testid="shift-closed">
      <ShiftReceipt report={report} company={company.data?.[0]?.arName} width="80" />
      <div className="toolbar-row">
        <Link className="shift-print-link" to={`/shift-report?shift_id=${report.id}&width=80&auto=1`}>
          {text.print80}
        </Link>
        <Link className="shift-print-link" to={`/shift-report?shift_id=${report.id}&width=58&auto=1`}>
          {text.print58}
        </Link>
      </div>
    </section>
  );
}
