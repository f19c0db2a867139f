import { compareDecimals, documentVatTerms, kindOf, messagesAr, NO_VAT, vatTermsOf } from '@mizan/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDecimal } from '../../app/format.ts';
import { enterMovesOn, isSaveKey } from '../../ui/enterMovesOn.ts';
import { PlainDateField, PlainNumberField, PlainTextField } from '../../ui/form/plainFields.tsx';
import { showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useTypedChoice } from '../../ui/typedChoice.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useScreenFocus } from '../../ui/useScreenFocus.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useCompany } from '../settings/useSettings.ts';
import { type DocumentScreen, purchaseScreen, salesScreen } from './documentScreens.ts';
import { PartyField } from './PartyField.tsx';
import { salesText } from './salesText.ts';
import { saveHeaderStep, updateHeaderStep } from './saveInvoice.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import { useInvoice, useSaveInvoice } from './useSales.ts';
import { blankValueInvoice, valueInvoiceFigures, valueInvoiceForm, valueInvoiceValues } from './valueInvoiceForm.ts';

/**
 * A value-only invoice (salessnd / purchsnd, and their edit routes with ?id=N): a party, a typed total and the
 * payment, without lines. The party's balance changes; stock does not.
 */
function ValueInvoicePage({ title, screen }: { title: string; screen: DocumentScreen }) {
  const { storeId } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openedId = params.get('id') ? Number(params.get('id')) : undefined;
  const opened = useInvoice(storeId, screen.kind, openedId);
  const form = useContractForm(valueInvoiceForm, blankValueInvoice());
  const { control } = form;
  // One key per invoice being entered: a save sent again after a lost answer returns the first invoice.
  const [saveKey, setSaveKey] = useState(() => crypto.randomUUID());
  const save = useSaveInvoice(storeId);
  const notify = useNotify();
  const recordPath = screen.valueOnly?.recordPath ?? screen.recordPath;
  useEffect(() => {
    if (opened.data) form.reset(valueInvoiceValues(opened.data));
  }, [opened.data, form]);
  // VAT as the server's save charges it (docs/vat.md): an opened invoice keeps its terms and its rate, a new one takes
  // the company's settings and standard rate (the rate typed wins either way; 0 allowed).
  const company = useCompany().data?.[0];
  const vat = opened.data
    ? documentVatTerms(opened.data)
    : company
      ? vatTermsOf(kindOf(screen.kind).party === 'customer' ? 'sale' : 'purchase', company)
      : NO_VAT;
  const defaultRate = opened.data ? (opened.data.vat_rate ?? '0') : (company?.vat_rate ?? '0');
  const figures = valueInvoiceFigures(
    { tot_pr: form.watch('tot_pr'), pay: form.watch('pay'), vat_rate: form.watch('vat_rate') },
    vat,
    defaultRate,
  );

  const formRef = useRef<HTMLFormElement>(null);
  const focusFirst = () => {
    setTimeout(() => formRef.current?.querySelector('input')?.focus(), 0);
  };
  const userActed = useScreenFocus(formRef, focusFirst);

  const typedParty = useTypedChoice();
  // A party typed whole and saved at once (before its search answered) is chosen first, then the form validates.
  const submit = async () => {
    await typedParty.current?.();
    await validateAndSave();
  };
  const validateAndSave = form.handleSubmit(
    (body) => {
      if (compareDecimals(body.pay, figures.totalWithVat || body.tot_pr) === 1) {
        form.setError('pay', { message: 'NEGATIVE_REMAINDER' });
        return notify.refused(salesText.badRemainder);
      }
      save.mutate(
        opened.data
          ? updateHeaderStep(screen.kind, { ...body, pay_id: opened.data.pay_id })
          : saveHeaderStep(screen.kind, { ...body, idempotency_key: saveKey }),
        {
          onSuccess: ([saved]) => {
            notify.done(salesText.saved(saved?.pay_ref ?? ''));
            form.reset(blankValueInvoice());
            setSaveKey(crypto.randomUUID());
            if (opened.data) navigate(recordPath);
            else focusFirst();
          },
          onError: (error) => {
            showServerErrors(form, error);
            notify.failed(error);
          },
        },
      );
    },
    (errors) =>
      notify.refused(
        errors.cust_id ? salesText.noCustomer : errors.tot_pr ? salesText.badTotal : messagesAr.VALIDATION_FAILED,
      ),
  );
  const confirmDelete = useConfirmedDelete(storeId, recordPath);
  const askDelete = () => opened.data && confirmDelete(screen.kind, opened.data.pay_id, opened.data.pay_ref);
  return (
    <Page title={opened.data ? `${title} ${opened.data.pay_ref}` : title}>
      {/* Enter moves on; Ctrl+S or the button saves (Enter saved half-typed invoices). */}
      <form
        ref={formRef}
        className="invoice"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onPointerDown={() => {
          userActed.current = true;
        }}
        onKeyDown={(e) => {
          userActed.current = true;
          if (isSaveKey(e)) {
            e.preventDefault();
            void submit();
          } else enterMovesOn(e);
        }}
      >
        <div className="invoice-header">
          <PartyField
            control={control}
            name="cust_id"
            label={salesText.partyAccount[screen.party]}
            party={screen.party}
            storeId={storeId}
            typedParty={typedParty}
          />
          <PlainDateField control={control} name="pay_date" label={salesText.date} />
          <PlainTextField control={control} name="payComment" label={salesText.note} grow />
        </div>
        <div className="invoice-totals">
          <PlainNumberField control={control} name="tot_pr" label={salesText.total} />
          {vat.charged && (
            <>
              <PlainNumberField
                control={control}
                name="vat_rate"
                label={salesText.vatRate}
                placeholder={formatDecimal(defaultRate)}
              />
              <div className="total-figure">
                <span>{salesText.vat}</span>
                <bdi className="num" data-testid="taxTot">
                  {formatDecimal(figures.vat)}
                </bdi>
              </div>
              <div className="total-figure">
                <span>{salesText.totalWithVat}</span>
                <bdi className="num" data-testid="total_with_vat">
                  {formatDecimal(figures.totalWithVat)}
                </bdi>
              </div>
            </>
          )}
          <PlainNumberField control={control} name="pay" label={salesText.paid} />
          <div className="total-figure">
            <span>{salesText.remaining}</span>
            <bdi className="num" data-testid="changee">
              {formatDecimal(figures.remaining)}
            </bdi>
          </div>
          <PlainDateField control={control} name="nextPay" label={salesText.nextPay} />
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
