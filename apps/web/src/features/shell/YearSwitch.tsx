import { useEffect } from 'react';
import { ui } from '../../app/messages.ts';
import { IonItem, IonSelect, IonSelectOption } from '../../ui/ionic.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useYears } from '../settings/useYears.ts';

/** The accounting year: year 1 is read from `/api/`, any other from `/api23/` (the api module decides). */
export function YearSwitch({ storeId }: { storeId: number }) {
  const { year, chooseYear } = useAuth();
  const years = useYears(storeId);

  // Legacy rule: with no year chosen yet, the first one listed (the current year) is kept.
  useEffect(() => {
    const first = years.data?.[0];
    if (!year && first) void chooseYear(first);
  }, [year, years.data, chooseYear]);

  return (
    <IonItem lines="none" className="year-switch">
      <IonSelect
        label={ui.menu.year}
        labelPlacement="stacked"
        interface="popover"
        value={year?.id}
        onIonChange={(e) => {
          const chosen = years.data?.find((y) => y.id === Number(e.detail.value));
          if (chosen && chosen.id !== year?.id) void chooseYear(chosen);
        }}
      >
        {years.data?.map((y) => (
          <IonSelectOption key={y.id} value={y.id}>
            {y.yearDesc}
          </IonSelectOption>
        ))}
      </IonSelect>
    </IonItem>
  );
}
