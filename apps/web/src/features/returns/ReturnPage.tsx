import { CreateReturnBody, messagesAr, type ReturnWithLines } from '@mizan/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, fieldErrors } from '../../app/api.ts';
import { DateField } from '../../ui/DateField.tsx';
import { enterMovesOn, isSaveKey } from '../../ui/enterMovesOn.ts';
import { contractForm, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { Question } from '../../ui/Question.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { deviceTill } from '../shifts/till.ts';
import { OriginalFinder, OriginalSummary } from './OriginalFinder.tsx';
import { ReturnLines } from './ReturnLines.tsx';
import { ReturnTotals } from './ReturnTotals.tsx';
import {
  formLines,
  type ReturnFormValues,
  returnAll,
  returnedLines,
  returnFigures,
  screenField,
  toReturnBody,
} from './returnForm.ts';
import { purchaseReturnScreen, type ReturnScreen, returnPrintPath, salesReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';
import { useConfirmedReturnDelete } from './useConfirmedReturnDelete.ts';
import { useExistingReturns, useReturnDetail, useSaveReturn } from './useReturns.ts';

const returnForm = contractForm(toReturnBody, CreateReturnBody);
const blank = (original_pay_ref = ''): ReturnFormValues => ({
  original_pay_ref,
  return_date: today(),
  return_reason: '',
  returnComment: '',
  pay: '',
  return_method: '',
  lines: [],
});
const fromSaved = (doc: ReturnWithLines): Omit<ReturnFormValues, 'lines'> => ({
  original_pay_ref: doc.original_pay_ref,
  return_date: doc.return_date,
  return_reason: doc.return_reason ?? '',
  returnComment: doc.returnComment ?? '',
  pay: doc.pay === '0.00' ? '' : doc.pay,
  return_method: doc.return_method === 'bank' ? 'bank' : '',
});

/**
 * A sales or purchase return (folder/sales-return, folder/purchase-return; ?original=REF starts from an invoice of
 * the record; folder/edit-…-return?ref=REF opens a saved one). The lines are the original's: what it had, what came
 * back already and what can still come back; Ctrl+S saves.
 */
export function ReturnPage({ title, screen }: { title: string; screen: ReturnScreen }) {
  const { storeId } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const location = useLocation();
  const editRef = params.get('ref') ?? undefined;
  const editing = useReturnDetail(storeId, screen.kind, editRef);
  const [originalRef, setOriginalRef] = useState(params.get('original') ?? '');
  const wanted = editing.data?.original_pay_ref ?? (editRef ? '' : originalRef);
  const existing = useExistingReturns(storeId, screen.kind, wanted);
  const form = useContractForm(returnForm, blank());
  const [saveKey, setSaveKey] = useState(() => crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveReturn(storeId);

  // A new address (another invoice's return action, another return to edit) starts over from it.
  const paramOriginal = params.get('original') ?? '';
  useEffect(() => setOriginalRef(paramOriginal), [paramOriginal]);
  // The lines come from the original as it stands (read again after every save in the store).
  useEffect(() => {
    const data = existing.data;
    if (!data) return;
    const header = editing.data ? fromSaved(editing.data) : { ...blank(data.original.pay_ref), ...keptHeader(form) };
    form.reset({ ...header, original_pay_ref: data.original.pay_ref, lines: formLines(data.data, editing.data) });
    setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('input[aria-label]')?.focus(), 0);
  }, [existing.data, editing.data, form]);

  const values = form.watch();
  const figures = returnFigures(values);
  const original = existing.data?.original;

  // The print question of the return just saved comes along with the next return's address (an edited return's
  // screen is another route), as on the invoice screens: Enter prints, Esc or a key typed goes on to the next one.
  const askedByAddress = (location.state as { askPrint?: string } | null)?.askPrint;
  const [printAsked, setPrintAsked] = useState<string | undefined>(askedByAddress);
  useEffect(() => {
    if (askedByAddress) setPrintAsked(askedByAddress);
  }, [askedByAddress]);
  const answerPrint = (yes: boolean) => {
    setPrintAsked(undefined);
    // Answered once: a reload does not ask again.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (yes && printAsked) navigate(printAsked);
    else formRef.current?.querySelector<HTMLInputElement>('input[aria-label]')?.focus();
  };
  const startNew = (askPrint: string) => {
    setSaveKey(crypto.randomUUID());
    navigate(`${screen.newPath}?original=${encodeURIComponent(values.original_pay_ref)}`, {
      replace: true,
      state: { askPrint },
    });
  };
  const submit = form.handleSubmit(
    async (body) => {
      if (!returnedLines(values.lines).length) return notify.refused(text.nothingToReturn);
      if (figures.refundTooLarge) return notify.refused(text.badRefund);
      const request = editing.data
        ? {
            kind: screen.kind,
            changed: { ...body, invoice: { ...body.invoice, return_id: editing.data.return_id } },
          }
        : {
            kind: screen.kind,
            // A customer's refund is paid at this device's till, in its open shift (docs/shifts.md).
            created: {
              ...body,
              invoice: screen.tillReceipt ? { ...body.invoice, till: deviceTill() } : body.invoice,
              idempotency_key: saveKey,
            },
          };
      try {
        const [saved] = await save.mutateAsync(request);
        if (!saved) return;
        notify.done(text.saved(saved.return_ref));
        startNew(returnPrintPath(screen, saved.return_id));
      } catch (error) {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          const name = screenField(field, values.lines);
          if (name) form.setError(name as `lines.${number}.quantity`, { type: 'server', message });
        }
        notify.failed(error);
      }
    },
    () => notify.refused(original ? text.nothingToReturn : text.noOriginal),
  );
  const askDelete = useConfirmedReturnDelete(storeId, screen);

  return (
    <Page title={editing.data ? `${title} ${editing.data.return_ref}` : title}>
      {!editRef && !original && (
        <OriginalFinder
          storeId={storeId}
          screen={screen}
          onChosen={(ref) => navigate(`${screen.newPath}?original=${encodeURIComponent(ref)}`, { replace: true })}
        />
      )}
      {existing.error && !original && (
        // The refusal's words, never its code (ORIGINAL_NOT_FOUND was shown as it is).
        <p className="field-error" data-testid="original-error">
          {existing.error instanceof ApiError && existing.error.code !== 'NETWORK'
            ? messagesAr[existing.error.code]
            : text.noOriginal}
        </p>
      )}
      {original && (
        <form
          ref={formRef}
          className="invoice"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          onKeyDown={(e) => {
            if (isSaveKey(e)) {
              e.preventDefault();
              void submit();
            } else enterMovesOn(e);
          }}
        >
          <OriginalSummary
            original={original}
            partyLabel={screen.partyLabel}
            onChange={editRef ? undefined : () => navigate(screen.newPath, { replace: true })}
          />
          <div className="invoice-header">
            <DateField
              label={text.returnDate}
              name="return_date"
              value={values.return_date}
              onChange={(date) => form.setValue('return_date', date)}
            />
            <PlainField label={text.reason} grow {...form.register('return_reason')} />
            <PlainField label={text.note} grow {...form.register('returnComment')} />
          </div>
          <div className="toolbar-row">
            <h3>{text.lines}</h3>
            <IonButton
              fill="outline"
              data-testid="return-all"
              onClick={() => form.setValue('lines', returnAll(form.getValues('lines')))}
            >
              {text.returnAll}
            </IonButton>
          </div>
          <ReturnLines form={form} screen={screen} />
          <ReturnTotals form={form} screen={screen} />
          <div className="toolbar-row">
            <IonButton type="submit" disabled={save.isPending} data-testid="save-return">
              {text.save}
            </IonButton>
            {editing.data && (
              <>
                <IonButton
                  fill="outline"
                  data-testid="return-print"
                  onClick={() => editing.data && navigate(returnPrintPath(screen, editing.data.return_id))}
                >
                  {text.print}
                </IonButton>
                {screen.tillReceipt && (
                  <IonButton
                    fill="outline"
                    data-testid="return-receipt"
                    onClick={() => editing.data && navigate(returnPrintPath(screen, editing.data.return_id, 'receipt'))}
                  >
                    {text.receipt}
                  </IonButton>
                )}
                <IonButton color="danger" fill="outline" onClick={() => askDelete(editing.data?.return_id)}>
                  {text.delete}
                </IonButton>
              </>
            )}
          </div>
        </form>
      )}
      <Question
        question={printAsked ? { message: text.askPrint, yes: text.yes, no: text.no_ } : undefined}
        onAnswer={answerPrint}
      />
    </Page>
  );
}

/** The date typed stays when the lines are read again (the next return of the same day). */
function keptHeader(form: { getValues: () => ReturnFormValues }) {
  const { return_date } = form.getValues();
  return return_date ? { return_date } : {};
}

export default function SalesReturnPage({ title }: { title: string }) {
  return <ReturnPage title={title} screen={salesReturnScreen} />;
}

export function PurchaseReturnPage({ title }: { title: string }) {
  return <ReturnPage title={title} screen={purchaseReturnScreen} />;
}
