import { type BodyOf, type Company, CompanyUpdateBody, routes } from '@mizan/contract';
import type { ComponentProps } from 'react';
import { call } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { BoundInput, SelectField } from '../../ui/form/fields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonList } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText } from './settingsText.ts';
import { settingsKeys, useCompany, useSettingsChange, useUploadLogo } from './useSettings.ts';

type Field = keyof typeof settingsText.companyFields;
/** Phones and registration numbers are typed left to right with Western digits; the English name reads left to right. */
const fieldLook: Partial<Record<Field, Pick<ComponentProps<typeof BoundInput>, 'digits' | 'dir' | 'inputmode'>>> = {
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
const companyForm = contractForm((values: Record<Field, string>) => values, CompanyUpdateBody);

/** The company on prints: names, numbers, currency and logo. Administrators edit; others read. */
export function CompanySection({ isAdmin }: { isAdmin: boolean }) {
  const company = useCompany();
  const current = company.data?.[0];
  return current ? <CompanyForm company={current} isAdmin={isAdmin} /> : null;
}

function CompanyForm({ company, isAdmin }: { company: Company; isAdmin: boolean }) {
  const save = useSettingsChange(
    (body: BodyOf<typeof routes.company.update>) => call(routes.company.update, { body }),
    settingsKeys.company,
  );
  const upload = useUploadLogo();
  const notify = useNotify();
  const form = useContractForm(companyForm, toValues(company));
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify.done(settingsText.saved),
      onError: (error) => {
        showServerErrors(form, error);
        notify.failed(error);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <EnterSubmits />
      {!isAdmin && <p className="notice">{settingsText.adminOnly}</p>}
      <div className="logo-row">
        {company.logoUrl && <img src={company.logoUrl} alt={settingsText.logo} className="company-logo" />}
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
          <BoundInput
            key={name}
            control={form.control}
            name={name}
            label={settingsText.companyFields[name]}
            readonly={!isAdmin}
            {...fieldLook[name]}
          />
        ))}
        <SelectField
          control={form.control}
          name="country_code"
          label={settingsText.companyFields.country_code}
          testId="country-select"
          disabled={!isAdmin}
          options={Object.entries(settingsText.countries).map(([code, name]) => ({ value: code, label: name }))}
        />
      </IonList>
      {isAdmin && (
        <IonButton type="submit" disabled={save.isPending} data-testid="save-company">
          {settingsText.save}
        </IonButton>
      )}
    </form>
  );
}
