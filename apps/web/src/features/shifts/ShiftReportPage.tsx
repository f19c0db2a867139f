/**
 * One shift's report on the till roll (shift-report?shift_id=12&width=58&auto=1): the X report of an open shift,
 * the Z report of a closed one, 80 or 58 mm, printed at once with `auto=1`. A manager (`shiftsManage`) closes
 * another's open shift here with the cash counted, or reopens a closed one (its close posting is taken back).
 */
import { routes, type ShiftReport } from '@mizan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../app/api.ts';
import { may } from '../../app/permissions.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useCompany } from '../settings/useSettings.ts';
import { CloseShiftForm, shiftKeys } from './ShiftPage.tsx';
import { ShiftReceipt } from './ShiftReceipt.tsx';
import { shiftText as text } from './shiftText.ts';

export default function ShiftReportPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const { storeId, user } = useSession();
  const shiftId = Number(params.get('shift_id'));
  const width = params.get('width') === '58' ? '58' : '80';
  const report = useQuery({
    queryKey: [...shiftKeys.all(storeId), 'report', shiftId],
    queryFn: async () => (await call(routes.shift.readById, { query: { shift_id: shiftId } })).data[0],
    enabled: Number.isInteger(shiftId) && shiftId > 0,
  });
  const company = useCompany();
  const ready = report.data !== undefined && company.data !== undefined;
  useEffect(() => {
    if (ready && params.get('auto') === '1') setTimeout(() => window.print(), 300);
  }, [ready, params]);
  const widthTo = (next: '80' | '58') => {
    const copy = new URLSearchParams(params);
    copy.set('width', next);
    copy.delete('auto');
    setParams(copy);
  };
  return (
    <Page title={title}>
      <div className="print-actions no-print">
        <IonButton onClick={() => window.print()} data-testid="print">
          {text.print}
        </IonButton>
        <IonButton fill={width === '80' ? 'solid' : 'outline'} onClick={() => widthTo('80')}>
          {text.print80}
        </IonButton>
        <IonButton fill={width === '58' ? 'solid' : 'outline'} onClick={() => widthTo('58')}>
          {text.print58}
        </IonButton>
      </div>
      {report.isError && <p data-testid="print-not-found">{text.notFound}</p>}
      {report.data && <ShiftReceipt report={report.data} company={company.data?.[0]?.arName} width={width} />}
      {report.data && may(user, 'shiftsManage') && <ManageShift report={report.data} />}
    </Page>
  );
}

/** A manager's close of an open shift (the cash counted at the till), or the reopening of a closed one. */
function ManageShift({ report }: { report: ShiftReport }) {
  const { storeId } = useSession();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const changed = (next: ShiftReport | undefined) => {
    if (next) queryClient.setQueryData([...shiftKeys.all(storeId), 'report', next.id], next);
    void queryClient.invalidateQueries({ queryKey: shiftKeys.all(storeId) });
  };
  const reopen = useMutation({
    mutationFn: () => call(routes.shift.reopen, { body: { shift_id: report.id } }),
    onSuccess: (answer) => {
      changed(answer.data[0]);
      notify.done(text.reopened);
    },
    onError: notify.failed,
  });
  return (
    <section className="no-print shift-manage" data-testid="shift-manage">
      {report.closed_at === null ? (
        <CloseShiftForm shift={report} onClosed={changed} />
      ) : (
        <IonButton
          fill="outline"
          disabled={reopen.isPending}
          data-testid="reopen-shift"
          onClick={() => {
            if (window.confirm(text.reopenConfirm(report.shift_ref))) reopen.mutate();
          }}
        >
          {text.reopen}
        </IonButton>
      )}
    </section>
  );
}
