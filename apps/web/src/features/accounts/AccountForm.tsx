import '../../app/zodArabic.ts';
import { PARTY_CATEGORIES, type SubAccount, SubAccountInput } from '@mizan/contract';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { IonButton, IonItem, IonList, IonSelect, IonSelectOption } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { accountsText, natureText } from './accountsText.ts';
import { useAccountCategories, useMainAccounts, useSaveAccount } from './useAccounts.ts';

type Values = {
  sub_name: string;
  ac_id: string;
  sub_code: string;
  sub_balance: string;
  cat_id: string;
  phone: string;
  address: string;
};

const toValues = (a?: SubAccount, party: 'customer' | 'supplier' = 'customer'): Values => ({
  sub_name: a?.sub_name ?? '',
  // Main account and category 1 are the customers, 2 the suppliers (the shared chart).
  ac_id: a ? String(a.ac_id) : party === 'supplier' ? '2' : '1',
  sub_code: a?.sub_code ?? '',
  sub_balance: a?.sub_balance ?? '0',
  cat_id: a?.cat_id ? String(a.cat_id) : a ? '' : party === 'supplier' ? '2' : '1',
  phone: a?.phone ?? '',
  address: a?.address ?? '',
});

/** Creates or edits an account; phone and address are asked only for customers and suppliers. */
export function AccountForm({
  storeId,
  account,
  party,
  onSaved,
}: {
  storeId: number;
  account?: SubAccount | undefined;
  party?: 'customer' | 'supplier' | undefined;
  onSaved: (a: SubAccount) => void;
}) {
  const [values, setValues] = useState<Values>(() => toValues(account, party));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mains = useMainAccounts();
  const categories = useAccountCategories(storeId);
  const save = useSaveAccount(storeId);
  const notify = useNotify();
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const isParty = (PARTY_CATEGORIES as readonly number[]).includes(Number(values.cat_id));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      ...values,
      ac_id: Number(values.ac_id),
      cat_id: values.cat_id ? Number(values.cat_id) : null,
      phone: isParty ? values.phone : null,
      address: isParty ? values.address : null,
    };
    const checked = SubAccountInput.safeParse(body);
    if (!checked.success) return setErrors(issuesByField(checked.error));
    setErrors({});
    save.mutate(account ? { ...body, id: account.id } : body, {
      onSuccess: ([saved]) => {
        notify.done(accountsText.saved);
        if (saved) onSaved(saved);
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.failed(error);
      },
    });
  }

  const field = (name: keyof Values, extra: Record<string, unknown> = {}) => ({
    name,
    label: accountsText.fields[name],
    value: values[name],
    onChange: set(name),
    error: errors[name],
    ...extra,
  });
  return (
    <form onSubmit={submit} noValidate>
      <EnterSubmits />
      <IonList className="form-grid">
        <FormField {...field('sub_name', { required: true, autofocus: true })} />
        <IonItem>
          <IonSelect
            label={`${accountsText.fields.ac_id} *`}
            labelPlacement="stacked"
            interface="popover"
            name="ac_id"
            value={values.ac_id}
            onIonChange={(e) => set('ac_id')(String(e.detail.value))}
          >
            {mains.data?.map((main) => (
              <IonSelectOption key={main.ac_id} value={String(main.ac_id)}>
                {main.ac_name} ({natureText(main.ac_type)})
              </IonSelectOption>
            ))}
          </IonSelect>
        </IonItem>
        <FormField {...field('sub_code', { digits: 'code' })} />
        <FormField {...field('sub_balance', { digits: 'number' })} />
        <IonItem>
          <IonSelect
            label={accountsText.fields.cat_id}
            labelPlacement="stacked"
            interface="popover"
            name="cat_id"
            value={values.cat_id}
            onIonChange={(e) => set('cat_id')(String(e.detail.value ?? ''))}
          >
            <IonSelectOption value="">{accountsText.noCategory}</IonSelectOption>
            {categories.data?.map((category) => (
              <IonSelectOption key={category.id} value={String(category.id)}>
                {category.cat_name}
              </IonSelectOption>
            ))}
          </IonSelect>
        </IonItem>
        {isParty && <FormField {...field('phone', { digits: 'code', inputmode: 'tel' })} />}
        {isParty && <FormField {...field('address')} />}
      </IonList>
      <IonButton type="submit" expand="block" disabled={save.isPending} data-testid="save-account">
        {accountsText.save}
      </IonButton>
    </form>
  );
}
