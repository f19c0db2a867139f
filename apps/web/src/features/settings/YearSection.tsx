import { IonItem, IonLabel, IonRadio, IonRadioGroup } from '../../ui/ionic.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { settingsText } from './settingsText.ts';
import { useYears } from './useYears.ts';

/** The accounting year: "yearDesc (start - end)"; choosing one switches every screen to it. */
export function YearSection({ storeId }: { storeId: number }) {
  const { year, chooseYear } = useAuth();
  const years = useYears(storeId);
  return (
    <IonRadioGroup
      value={year?.id}
      onIonChange={(e) => {
        const chosen = years.data?.find((y) => y.id === e.detail.value);
        if (chosen) void chooseYear(chosen);
      }}
    >
      {years.data?.map((y) => (
        <IonItem key={y.id}>
          <IonRadio value={y.id} justify="start" labelPlacement="end">
            <IonLabel>
              {y.yearDesc} (<bdi className="num">{y.yearStart}</bdi> - <bdi className="num">{y.yearEnd}</bdi>)
              {y.is_current ? ` — ${settingsText.current}` : ''}
            </IonLabel>
          </IonRadio>
        </IonItem>
      ))}
    </IonRadioGroup>
  );
}
