import {
  allocateOldestFirst,
  checkAllocations,
  money,
  normalizeNumberInput,
  type OpenInvoice,
  parseMoney,
  type SubAccount,
  toMoneyString,
  type VoucherKind,
  voucherKindLabelsAr,
} from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../app/api.ts';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { dateFieldLock } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useTypedChoice } from '../../ui/typedChoice.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { AccountSearchField } from '../accounts/AccountSearchField.tsx';
import { natureText } from '../accounts/natureText.ts';
import { useMoneyAccounts } from '../accounts/useAccountSearch.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { openInvoicesQuery, useOpenInvoices, useSaveVoucher, useVoucher } from './useVouchers.ts';
import { vouchersText as text } from './vouchersText.ts';

type Form = {
  kind: VoucherKind;
  date: string;
  moneyAccountId: number | undefined;
  accountId: number | undefined;
  amount: string;
  details: string;
  /** Typed allocations by invoice; `manual`: typed by hand, else the amount goes oldest first. */
  allocations: Record<number, string>;
  manual: boolean;
};

const blank = (kind: VoucherKind, moneyAccountId?: number): Form => ({
  kind,
  date: today(),
  moneyAccountId,
  accountId: undefined,
  amount: '',
  details: '',
  allocations: {},
  manual: false,
});

const accountLabel = (a: { sub_name: string; sub_code: string | null }) =>
  a.sub_code ? `${a.sub_name} — ${a.sub_code}` : a.sub_name;

/** The money account's live balance: the amount and its side (debit or credit). */
function Balance({ account }: { account: SubAccount | undefined }) {
  if (!account) return null;
  return (
    <small className="num-text" data-testid="voucher-balance">
      {text.balance}: <bdi className="num">{formatDecimal(account.current_balance)}</bdi>{' '}
      {natureText(account.balance_type)}
    </small>
  );
}

/**
 * A receipt or payment voucher (folder/cash2, folder/cash), or an expense voucher (folder/cash3, expense accounts
 * only): its money account and account with their live balances, the amount, the statement, and for a customer or
 * supplier the open invoices it settles, oldest first unless typed by hand (docs/vouchers.md). Opened with
 * `?j_id=` it edits a voucher; with `?kind=&account=&amount=&pay_id=` (an invoice's "receive payment") it starts
 * for that invoice's remainder.
 */
export default function VoucherPage({ title, expense = false }: { title: string; expense?: boolean }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const jId = params.get('j_id') ? Number(params.get('j_id')) : undefined;
  const client = useQueryClient();
  const moneyAccounts = useMoneyAccounts(storeId).data ?? [];
  const typedAccount = useTypedChoice();
  // A name or code typed in the account field and not found yet: the save is offered, and finds it.
  const [accountTyped, setAccountTyped] = useState(false);
  const cashBox = moneyAccounts.find((a) => a.role === 'cash_box')?.id;
  const [form, setForm] = useState<Form>(() => blank(expense ? 'expense' : 'payment'));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors({});
  };
  // Another account: its own invoices, settled oldest first.
  const onAccount = useCallback((accountId: number | undefined) => {
    setForm((current) =>
      current.accountId === accountId ? current : { ...current, accountId, allocations: {}, manual: false },
    );
    setServerErrors({});
  }, []);

  // The cash box by default, once the accounts arrive.
  useEffect(() => {
    if (cashBox !== undefined)
      setForm((current) => (current.moneyAccountId === undefined ? { ...current, moneyAccountId: cashBox } : current));
  }, [cashBox]);

  // An invoice's "receive payment" / "pay": its account, kind and remainder, settled on it.
  const prefill = params.get('account');
  useEffect(() => {
    if (!prefill || jId !== undefined) return;
    const payId = Number(params.get('pay_id'));
    const amount = params.get('amount') ?? '';
    setForm((current) => ({
      ...current,
      kind: (params.get('kind') as VoucherKind | null) ?? current.kind,
      accountId: Number(prefill),
      amount,
      allocations: payId ? { [payId]: amount } : {},
      manual: Boolean(payId),
    }));
  }, [prefill, jId, params]);

  const saved = useVoucher(storeId, jId);
  useEffect(() => {
    const v = saved.data;
    if (!v) return;
    setForm({
      kind: v.voucher_kind,
      date: v.j_date,
      moneyAccountId: v.money_account_id,
      accountId: v.account_id,
      amount: v.j_pay,
      details: v.j_details ?? '',
      allocations: Object.fromEntries(v.allocations.map((a) => [a.pay_id, a.amount])),
      manual: true,
    });
  }, [saved.data]);

  const open = useOpenInvoices(storeId, form.accountId, form.kind, jId);
  const invoices: OpenInvoice[] = open.data ?? [];
  const allocations = form.manual
    ? invoices.map((i) => ({ pay_id: i.pay_id, amount: form.allocations[i.pay_id] ?? '' }))
    : allocateOldestFirst(form.amount || '0', invoices);
  const sent = allocations.filter((a) => (parseMoney(a.amount) ?? 0n) > 0n);
  const amountValue = parseMoney(form.amount);
  const checked = checkAllocations(form.amount || '0', sent, new Map(invoices.map((i) => [i.pay_id, i.remaining])));
  const liveErrors: Record<string, string> = checked.ok ? {} : (checked.fields ?? {});
  // A row's error, by the invoice (the live check names rows of what is sent, the server of what was sent).
  const rowError = (payId: number) => {
    const index = sent.findIndex((a) => a.pay_id === payId);
    return index < 0
      ? undefined
      : (serverErrors[`allocations.${index}.amount`] ?? liveErrors[`allocations.${index}.amount`]);
  };
  const allocatedTotal = sent.reduce((sum, a) => sum + (parseMoney(a.amount) ?? 0n), 0n);
  const valid =
    form.moneyAccountId !== undefined &&
    form.accountId !== undefined &&
    amountValue !== undefined &&
    amountValue > 0n &&
    checked.ok;
  const savable =
    valid ||
    (accountTyped &&
      form.accountId === undefined &&
      form.moneyAccountId !== undefined &&
      amountValue !== undefined &&
      amountValue > 0n);

  const save = useSaveVoucher(storeId);
  /**
   * An account typed whole and saved at once (Enter right after its name, before its search answered) is found
   * now, and its open invoices read now and settled oldest first, as the screen would have shown them.
   */
  const typedNow = async () => {
    const accountId = await typedAccount.current?.();
    if (accountId === undefined) return undefined;
    const open =
      form.kind === 'expense' ? [] : await client.fetchQuery(openInvoicesQuery(storeId, accountId, form.kind, jId));
    const settled = allocateOldestFirst(form.amount || '0', open).filter((a) => (parseMoney(a.amount) ?? 0n) > 0n);
    const check = checkAllocations(form.amount || '0', settled, new Map(open.map((i) => [i.pay_id, i.remaining])));
    return check.ok ? { accountId, allocations: settled } : undefined;
  };
  const submit = async () => {
    const typed = form.accountId === undefined ? await typedNow() : undefined;
    const accountId = form.accountId ?? typed?.accountId;
    const ready = typed ? amountValue !== undefined && amountValue > 0n : valid;
    if (!ready || form.moneyAccountId === undefined || accountId === undefined) {
      notify.refused(text.required);
      return;
    }
    save.mutate(
      {
        ...(jId === undefined ? {} : { j_id: jId }),
        voucher_kind: form.kind,
        j_date: form.date,
        money_account_id: form.moneyAccountId,
        account_id: accountId,
        amount: form.amount,
        j_details: form.details || null,
        allocations: typed?.allocations ?? sent,
      },
      {
        onSuccess: (voucher) => {
          notify.done(text.saved(voucher?.j_ref ?? ''));
          if (jId !== undefined) navigate('/folder/spend-record2');
          else setForm(blank(form.kind, form.moneyAccountId));
        },
        onError: (error) => {
          setServerErrors(fieldErrors(error));
          notify.failed(error);
        },
      },
    );
  };
  const errorOf = (field: string) => serverErrors[field] ?? (field === 'amount' ? liveErrors.amount : undefined);
  const moneyAccount = moneyAccounts.find((a) => a.id === form.moneyAccountId);

  return (
    <Page title={jId !== undefined && saved.data ? text.editing(saved.data.j_ref) : title}>
      <form
        className="voucher-form"
        data-testid="voucher-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {!expense && (
          <Segmented
            label={text.kind}
            value={form.kind}
            options={(['payment', 'receipt'] as const).map((kind) => ({
              value: kind,
              label: voucherKindLabelsAr[kind],
            }))}
            onChange={(kind) => set({ kind, allocations: {}, manual: false })}
          />
        )}
        <div className="invoice-header">
          <DateField
            label={text.date}
            name="j_date"
            value={form.date}
            onChange={(date) => set({ date })}
            {...dateFieldLock(user, 'voucher')}
          />
          <div className="field grow">
            <label htmlFor="voucher-money">{text.moneyAccount} *</label>
            <select
              id="voucher-money"
              className="plain-input"
              name="money_account_id"
              value={form.moneyAccountId ?? ''}
              onChange={(e) => set({ moneyAccountId: e.target.value ? Number(e.target.value) : undefined })}
            >
              {moneyAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </select>
            <Balance account={moneyAccount} />
            {errorOf('money_account_id') && (
              <small className="field-error">{wordFieldError(errorOf('money_account_id'), text.moneyAccount)}</small>
            )}
          </div>
          <AccountSearchField
            storeId={storeId}
            className="field grow"
            label={expense ? text.expenseAccount : text.account}
            required
            name="account"
            balanceTestId="account-balance"
            only={form.kind === 'expense' ? 'expense' : 'counterpart'}
            value={form.accountId}
            onChange={onAccount}
            typedAccount={typedAccount}
            onPendingChange={setAccountTyped}
            error={errorOf('account_id') && wordFieldError(errorOf('account_id'), text.account)}
          />
        </div>
        <div className="invoice-header">
          <label className="field">
            <span>{text.amount} *</span>
            <input
              className="plain-input"
              name="amount"
              dir="ltr"
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              onChange={(e) => set({ amount: normalizeNumberInput(e.target.value) })}
            />
            {errorOf('amount') && (
              <small className="field-error">{wordFieldError(errorOf('amount'), text.amount)}</small>
            )}
          </label>
          <label className="field grow">
            <span>{text.details}</span>
            <input
              className="plain-input"
              name="j_details"
              value={form.details}
              onChange={(e) => set({ details: e.target.value })}
            />
          </label>
        </div>
        {form.kind !== 'expense' && form.accountId !== undefined && (
          <section className="voucher-invoices" data-testid="open-invoices">
            <h3>{text.invoices}</h3>
            {invoices.length === 0 ? (
              <p>{open.isLoading ? '…' : text.noInvoices}</p>
            ) : (
              <>
                <div className="field-row">
                  <button
                    type="button"
                    className="plain-button outline"
                    onClick={() => set({ manual: false, allocations: {} })}
                  >
                    {text.oldestFirst}
                  </button>
                  <button
                    type="button"
                    className="plain-button outline"
                    onClick={() => set({ manual: true, allocations: {} })}
                  >
                    {text.clearAllocations}
                  </button>
                </div>
                <table className="voucher-allocations">
                  <thead>
                    <tr>
                      <th>{text.ref}</th>
                      <th>{text.invoiceDate}</th>
                      <th>{text.due}</th>
                      <th>{text.remaining}</th>
                      <th>{text.allocate}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {invoices.map((invoice) => {
                      const value = allocations.find((a) => a.pay_id === invoice.pay_id)?.amount ?? '';
                      const error = rowError(invoice.pay_id);
                      return (
                        <tr key={invoice.pay_id} data-testid="open-invoice">
                          <td>
                            <bdi className="num">{invoice.pay_ref}</bdi>
                          </td>
                          <td>
                            <bdi className="num">{formatDate(invoice.pay_date)}</bdi>
                          </td>
                          <td>
                            <bdi className="num">{invoice.nextPay ? formatDate(invoice.nextPay) : ''}</bdi>
                          </td>
                          <td className="amount">
                            <bdi className="num" data-testid="invoice-remaining">
                              {formatDecimal(invoice.remaining)}
                            </bdi>
                          </td>
                          <td>
                            <input
                              className="plain-input cell-input"
                              dir="ltr"
                              inputMode="decimal"
                              aria-label={`${text.allocate} ${invoice.pay_ref}`}
                              name={`allocation-${invoice.pay_id}`}
                              value={value === '0.00' ? '' : value}
                              onChange={(e) => {
                                const typed = normalizeNumberInput(e.target.value);
                                const current = Object.fromEntries(allocations.map((a) => [a.pay_id, a.amount]));
                                set({ manual: true, allocations: { ...current, [invoice.pay_id]: typed } });
                              }}
                            />
                            {error && <small className="field-error">{wordFieldError(error)}</small>}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <p className="num-text" data-testid="allocation-summary">
                  {text.allocated}: <bdi className="num">{formatDecimal(toMoneyString(money(allocatedTotal)))}</bdi>
                  {' · '}
                  {text.unallocated}:{' '}
                  <bdi className="num">{formatDecimal(toMoneyString(money((amountValue ?? 0n) - allocatedTotal)))}</bdi>
                </p>
              </>
            )}
          </section>
        )}
        <div className="field-row">
          <button
            type="submit"
            className="plain-button"
            disabled={!savable || save.isPending}
            data-testid="save-voucher"
          >
            {text.save}
          </button>
          <button
            type="button"
            className="plain-button outline"
            onClick={() =>
              jId === undefined ? setForm(blank(form.kind, form.moneyAccountId)) : navigate('/folder/spend-record2')
            }
          >
            {text.clear}
          </button>
        </div>
      </form>
    </Page>
  );
}

/** folder/cash3: the same screen, for expense accounts only. */
export function ExpenseVoucherPage({ title }: { title: string }) {
  return <VoucherPage title={title} expense />;
}
