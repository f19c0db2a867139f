import { routes, type Year } from '@mizan/contract';
import { call } from '../../app/api.ts';
import { IonButton, IonItem, IonLabel, IonNote, IonRadio, IonRadioGroup, useIonAlert } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { settingsText } from './settingsText.ts';
import { useSettingsChange } from './useSettings.ts';
import { useYears, yearsKey } from './useYears.ts';

const text = settingsText.yearLock;

/**
 * The accounting year: "yearDesc (start - end)"; choosing one switches every screen to it. An administrator closes a
 * year once its books are final (nothing dated in it is saved, edited or deleted) and may reopen it.
 */
export function YearSection({ storeId, isAdmin }: { storeId: number; isAdmin: boolean }) {
  const { year, chooseYear } = useAuth();
  const years = useYears(storeId);
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const lock = useSettingsChange(
    ({ yearId, close }: { yearId: number; close: boolean }) =>
      call(close ? routes.year.close : routes.year.reopen, { body: { yearId } }),
    yearsKey(storeId),
  );
  const toggle = (y: Year) => {
    const close = !y.closed;
    const send = () =>
      lock.mutate(
        { yearId: y.id, close },
        {
          onSuccess: () => notify.done(close ? text.closed(y.yearDesc) : text.reopened(y.yearDesc)),
          onError: (error) => notify.failed(error),
        },
      );
    if (!close) return send();
    void confirm({
      header: text.confirmTitle(y.yearDesc),
      message: text.confirm,
      buttons: [
        { text: text.cancel, role: 'cancel' },
        { text: text.close, role: 'destructive', handler: send },
      ],
    });
  };
  return (
    <IonRadioGroup
      value={year?.id}
      onIonChange={(e) => {
        const chosen = years.data?.find((y) => y.id === e.detail.value);
        if (chosen) void chooseYear(chosen);
      }}
    >
      {years.data?.map((y) => (
        <IonItem key={y.id} data-testid={`year-${y.id}`}>
          <IonRadio value={y.id} justify="start" labelPlacement="end">
            <IonLabel>
              {y.yearDesc} (<bdi className="num">{y.yearStart}</bdi> - <bdi className="num">{y.yearEnd}</bdi>)
              {y.is_current ? ` — ${settingsText.current}` : ''}
            </IonLabel>
          </IonRadio>
          {y.closed && (
            <IonNote slot="end" color="danger" data-testid="year-closed">
              {text.closedBadge}
            </IonNote>
          )}
          {isAdmin && (
            <IonButton
              slot="end"
              fill="outline"
              size="small"
              color={y.closed ? 'medium' : 'danger'}
              disabled={lock.isPending}
              onClick={(event) => {
                // The button sits in the year's row: closing it does not choose it.
                event.stopPropagation();
                toggle(y);
              }}
              data-testid="year-lock"
            >
              {y.closed ? text.reopen : text.close}
            </IonButton>
          )}
        </IonItem>
      ))}
    </IonRadioGroup>
  );
}
