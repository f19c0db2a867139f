import '../../app/zodArabic.ts';
import { type Company, CompanyUpdateBody } from '@mizan/contract';
import { type ComponentProps, type FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { IonButton, IonItem, IonList, IonSelect, IonSelectOption } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText } from './settingsText.ts';
import { settingsKeys, useCompany, useSettingsChange, useUploadLogo } from './useSettings.ts';

type Field = keyof typeof settingsText.companyFields;
/** Phones and registration numbers are typed left to right with Western digits; the English name reads left to right. */
const fieldLook: Partial<Record<Field, Pick<ComponentProps<typeof FormField>, 'digits' | 'dir' | 'inputmode'>>> = {
  engName: { dir: 'ltr' },
  phone: { digits: 'code', inputmode: 'tel' },
  phone2: { digits: 'code', inputmode: 'tel' },
  tradNo: { digits: 'code' },
  vatNo: { digits: 'code' },
  currency_code: { dir: 'ltr' },
  currency_decimals: { digits: 'number' },
};
const textFields: Field[] = [
  'arName',
  'engName',
  'phone',
  'phone2',
  'address',
  'tradNo',
  'vatNo',
  'currency_code',
  'currency_symbol',
  'currency_decimals',
];
const toValues = (c: Company) =>
  Object.fromEntries(
    Object.keys(settingsText.companyFields).map((k) => [k, String(c[k as keyof Company] ?? '')]),
  ) as Record<Field, string>;

/** The company on prints: names, numbers, currency and logo. Administrators edit; others read. */
export function CompanySection({ isAdmin }: { isAdmin: boolean }) {
  const company = useCompany();
  const save = useSettingsChange<object>('company/update', settingsKeys.company);
  const upload = useUploadLogo();
  const notify = useNotify();
  const [values, setValues] = useState<Record<Field, string> | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = company.data?.[0];
  useEffect(() => {
    if (current && !values) setValues(toValues(current));
  }, [current, values]);
  if (!values || !current) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = CompanyUpdateBody.safeParse(values);
    if (!checked.success) return setErrors(issuesByField(checked.error));
    setErrors({});
    save.mutate(values ?? {}, {
      onSuccess: () => notify.done(settingsText.saved),
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.failed(error);
      },
    });
  }
  const set = (key: Field) => (value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));
  return (
    <form onSubmit={submit} noValidate>
      <EnterSubmits />
      {!isAdmin && <p className="notice">{settingsText.adminOnly}</p>}
      {Object.entries(errors)
        .filter(([field]) => !textFields.includes(field as Field))
        .map(([field, message]) => (
          <p key={field} className="field-error" data-field-error={field}>
            {settingsText.companyFields[field as Field] ?? ''} {message}
          </p>
        ))}
      <div className="logo-row">
        {current.logoUrl && <img src={current.logoUrl} alt={settingsText.logo} className="company-logo" />}
        {isAdmin && (
          <label className="logo-upload">
            {settingsText.uploadLogo}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="logo-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  upload.mutate(file, { onSuccess: () => notify.done(settingsText.logoSaved), onError: notify.failed });
              }}
            />
          </label>
        )}
      </div>
      <IonList className="form-grid">
        {textFields.map((name) => (
          <FormField
            key={name}
            name={name}
            label={settingsText.companyFields[name]}
            value={values[name]}
            onChange={set(name)}
            error={errors[name]}
            readonly={!isAdmin}
            {...fieldLook[name]}
          />
        ))}
        <IonItem>
          <IonSelect
            label={settingsText.companyFields.country_code}
            labelPlacement="stacked"
            interface="popover"
            name="country_code"
            data-testid="country-select"
            disabled={!isAdmin}
            value={values.country_code}
            onIonChange={(e) => set('country_code')(String(e.detail.value))}
          >
            {Object.entries(settingsText.countries).map(([code, name]) => (
              <IonSelectOption key={code} value={code}>
                {name}
              </IonSelectOption>
            ))}
          </IonSelect>
        </IonItem>
      </IonList>
      {isAdmin && (
        <IonButton type="submit" disabled={save.isPending} data-testid="save-company">
          {settingsText.save}
        </IonButton>
      )}
    </form>
  );
}
