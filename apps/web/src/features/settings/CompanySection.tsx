import {
  type BodyOf,
  type Company,
  CompanyUpdateBody,
  routes,
  TAX_QR_TAG_MAX_BYTES,
  utf8Length,
} from '@mizan/contract';
import type { ComponentProps } from 'react';
import { call } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { BoundInput, CheckboxField, SelectField } from '../../ui/form/fields.tsx';
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
  vat_rate: { digits: 'number' },
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
  'vat_rate',
];
type Values = Record<Field, string> & { vat_registered: boolean; prices_include_vat: boolean };
const toValues = (c: Company): Values => ({
  ...(Object.fromEntries(
    Object.keys(settingsText.companyFields).map((k) => [k, String(c[k as keyof Company] ?? '')]),
  ) as Record<Field, string>),
  vat_registered: c.vat_registered,
  prices_include_vat: c.prices_include_vat,
});
const companyForm = contractForm((values: Values) => values, CompanyUpdateBody);

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
        <CheckboxField
          control={form.control}
          name="vat_registered"
          label={settingsText.vat.registered}
          disabled={!isAdmin}
          testId="vat-registered"
        />
        <CheckboxField
          control={form.control}
          name="prices_include_vat"
          label={settingsText.vat.pricesInclude}
          disabled={!isAdmin}
          testId="prices-include-vat"
        />
        <SellerNameBytes name={form.watch('arName')} />
      </IonList>
      {isAdmin && (
        <IonButton type="submit" disabled={save.isPending} data-testid="save-company">
          {settingsText.save}
        </IonButton>
      )}
    </form>
  );
}

/** How much of the tax QR's seller-name tag the Arabic name takes: its UTF-8 bytes (an Arabic letter is 2). */
function SellerNameBytes({ name }: { name: string }) {
  const used = utf8Length(name.trim());
  return (
    <p
      className={used > TAX_QR_TAG_MAX_BYTES ? 'field-hint field-error' : 'field-hint'}
      data-testid="seller-name-bytes"
    >
      {settingsText.vat.nameBytes(used, TAX_QR_TAG_MAX_BYTES)}
    </p>
  );
}
