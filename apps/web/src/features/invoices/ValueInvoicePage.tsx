import {
  compareDecimals,
  money,
  normalizeNumberInput,
  parseMoney,
  subtractMoney,
  toMoneyString,
} from '@mizan/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { enterMovesOn, isSaveKey } from '../../ui/enterMovesOn.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useScreenFocus } from '../../ui/useScreenFocus.ts';
import { useScreenParams } from '../../ui/useScreenParams.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { type DocumentScreen, purchaseScreen, salesScreen } from './documentScreens.ts';
import { today } from './invoiceForm.ts';
import { salesText } from './salesText.ts';
import { saveHeaderStep, updateHeaderStep } from './saveInvoice.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import { useInvoice, useSaveInvoice } from './useSales.ts';

const emptyValues = () => ({
  cust_id: undefined as number | undefined,
  pay_date: today(),
  payComment: '',
  tot_pr: '',
  pay: '0',
  nextPay: '',
});

/**
 * A value-only invoice (salessnd / purchsnd, and their edit routes with ?id=N): a party, a typed total and the
 * payment, without lines. The party's balance changes; stock does not.
 */
function ValueInvoicePage({ title, screen }: { title: string; screen: DocumentScreen }) {
  const { storeId } = useSession();
  const params = useScreenParams();
  const navigate = useNavigate();
  const openedId = params.get('id') ? Number(params.get('id')) : undefined;
  const opened = useInvoice(storeId, screen.kind, openedId);
  const [values, setValues] = useState(emptyValues);
  // One key per invoice being entered: a save sent again after a lost answer returns the first invoice.
  const [saveKey, setSaveKey] = useState(() => crypto.randomUUID());
  const save = useSaveInvoice(storeId);
  const notify = useNotify();
  const recordPath = screen.valueOnly?.recordPath ?? screen.recordPath;
  useEffect(() => {
    const d = opened.data;
    if (d)
      setValues({
        cust_id: d.cust_id,
        pay_date: d.pay_date,
        payComment: d.payComment ?? '',
        tot_pr: d.tot_pr,
        pay: d.pay,
        nextPay: d.nextPay ?? '',
      });
  }, [opened.data]);
  const total = parseMoney(values.tot_pr);
  const paid = parseMoney(values.pay || '0');
  const remaining = total !== undefined && paid !== undefined ? toMoneyString(subtractMoney(total, paid)) : '';

  const formRef = useRef<HTMLFormElement>(null);
  const focusFirst = () => {
    setTimeout(() => formRef.current?.querySelector('input')?.focus(), 0);
  };
  const userActed = useScreenFocus(formRef, focusFirst);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!values.cust_id) return notify.refused(salesText.noCustomer);
    if (total === undefined || total <= money(0n)) return notify.refused(salesText.badTotal);
    if (compareDecimals(remaining, '0') === -1) return notify.refused(salesText.badRemainder);
    const body = {
      ...values,
      // A value-only invoice posts at once; a header without this waits for lines (the legacy two-call save).
      value_only: true,
      payComment: values.payComment || null,
      nextPay: values.nextPay || null,
    };
    save.mutate(
      opened.data
        ? updateHeaderStep(screen.kind, { ...body, pay_id: opened.data.pay_id })
        : saveHeaderStep(screen.kind, { ...body, idempotency_key: saveKey }),
      {
        onSuccess: ([saved]) => {
          notify.done(salesText.saved(saved?.pay_ref ?? ''));
          setValues(emptyValues());
          setSaveKey(crypto.randomUUID());
          if (opened.data) navigate(recordPath);
          else focusFirst();
        },
        onError: notify.failed,
      },
    );
  }
  const confirmDelete = useConfirmedDelete(storeId, recordPath);
  const askDelete = () => opened.data && confirmDelete(screen.kind, opened.data.pay_id);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const setAmount = (key: 'tot_pr' | 'pay') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: normalizeNumberInput(e.target.value) }));
  return (
    <Page title={opened.data ? `${title} ${opened.data.pay_ref}` : title}>
      {/* Enter moves on; Ctrl+S or the button saves (Enter saved half-typed invoices). */}
      <form
        ref={formRef}
        className="invoice"
        onSubmit={submit}
        onPointerDown={() => {
          userActed.current = true;
        }}
        onKeyDown={(e) => {
          userActed.current = true;
          if (isSaveKey(e)) {
            e.preventDefault();
            submit();
          } else enterMovesOn(e);
        }}
      >
        <div className="invoice-header">
          <CustomerPicker
            storeId={storeId}
            label={salesText.partyAccount[screen.party]}
            party={screen.party}
            value={values.cust_id}
            onChange={(cust_id) => setValues((v) => ({ ...v, cust_id }))}
          />
          <DateField
            label={salesText.date}
            name="pay_date"
            value={values.pay_date}
            onChange={(pay_date) => setValues((v) => ({ ...v, pay_date }))}
          />
          <PlainField
            label={salesText.note}
            grow
            name="payComment"
            value={values.payComment}
            onChange={set('payComment')}
          />
        </div>
        <div className="invoice-totals">
          <PlainField
            label={salesText.total}
            name="tot_pr"
            inputMode="decimal"
            dir="ltr"
            value={values.tot_pr}
            onChange={setAmount('tot_pr')}
          />
          <PlainField
            label={salesText.paid}
            name="pay"
            inputMode="decimal"
            dir="ltr"
            value={values.pay}
            onChange={setAmount('pay')}
          />
          <div className="total-figure">
            <span>{salesText.remaining}</span>
            <bdi className="num" data-testid="changee">
              {formatDecimal(remaining)}
            </bdi>
          </div>
          <DateField
            label={salesText.nextPay}
            name="nextPay"
            value={values.nextPay}
            onChange={(nextPay) => setValues((v) => ({ ...v, nextPay }))}
          />
        </div>
        <div className="toolbar-row">
          <IonButton type="submit" disabled={save.isPending} data-testid="save-invoice">
            {salesText.save}
          </IonButton>
          {opened.data && (
            <IonButton color="danger" fill="outline" onClick={askDelete} data-testid="delete-invoice">
              {salesText.delete}
            </IonButton>
          )}
        </div>
      </form>
    </Page>
  );
}

export function SalesValuePage({ title }: { title: string }) {
  return <ValueInvoicePage title={title} screen={salesScreen} />;
}
export function PurchaseValuePage({ title }: { title: string }) {
  return <ValueInvoicePage title={title} screen={purchaseScreen} />;
}
