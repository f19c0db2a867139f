import {
  type AccountType,
  accountTypeLabelsAr,
  accountTypes,
  PARTY_CATEGORIES,
  type SubAccount,
  SubAccountInput,
  statementOfType,
} from '@mizan/contract';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { CodeField, MoneyField, SelectField, TextField } from '../../ui/form/fields.tsx';
import { PlainDateField } from '../../ui/form/plainFields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonList } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { today } from '../invoices/invoiceForm.ts';
import { usePriceLists } from '../priceLists/usePriceLists.ts';
import { accountsText, natureText } from './accountsText.ts';
import { useAccountCategories, useAllAccounts, useMainAccounts, useSaveAccount } from './useAccounts.ts';

type Values = {
  sub_name: string;
  ac_id: string;
  sub_code: string;
  sub_balance: string;
  /** The day the opening balance is posted on (ISO). */
  opening_date: string;
  cat_id: string;
  phone: string;
  address: string;
  /** '': the class's own type. */
  account_type: string;
  /** '': at the top of its class. */
  parent_id: string;
  /** '': no price list (the items' own prices). */
  price_list_id: string;
};

const toValues = (a?: SubAccount, party: 'customer' | 'supplier' = 'customer'): Values => ({
  sub_name: a?.sub_name ?? '',
  // Main account and category 1 are the customers, 2 the suppliers (the shared chart).
  ac_id: a ? String(a.ac_id) : party === 'supplier' ? '2' : '1',
  sub_code: a?.sub_code ?? '',
  sub_balance: a?.sub_balance ?? '0',
  // The day it has, else today (or the nearest day of the year chosen in the menu): the day it is taken on.
  opening_date: a?.opening_date ?? today(),
  cat_id: a?.cat_id ? String(a.cat_id) : a ? '' : party === 'supplier' ? '2' : '1',
  phone: a?.phone ?? '',
  address: a?.address ?? '',
  account_type: a?.account_type ?? '',
  parent_id: a?.parent_id ? String(a.parent_id) : '',
  price_list_id: a?.price_list_id ? String(a.price_list_id) : '',
});

const isPartyCategory = (catId: string) => (PARTY_CATEGORIES as readonly number[]).includes(Number(catId));

/** The request body: phone and address belong to customers and suppliers only. */
const toBody = (values: Values): SubAccountInput => ({
  ...values,
  ac_id: Number(values.ac_id),
  cat_id: values.cat_id ? Number(values.cat_id) : null,
  phone: isPartyCategory(values.cat_id) ? values.phone : null,
  address: isPartyCategory(values.cat_id) ? values.address : null,
  account_type: (values.account_type || undefined) as AccountType | undefined,
  parent_id: values.parent_id ? Number(values.parent_id) : null,
  // A customer's or supplier's price list (docs/price-lists.md); other accounts carry none.
  price_list_id: isPartyCategory(values.cat_id) && values.price_list_id ? Number(values.price_list_id) : null,
});
const accountForm = contractForm(toBody, SubAccountInput);

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
  const form = useContractForm(accountForm, toValues(account, party));
  const { control } = form;
  const mains = useMainAccounts();
  const categories = useAccountCategories(storeId);
  const save = useSaveAccount(storeId);
  const notify = useNotify();
  const isParty = isPartyCategory(form.watch('cat_id'));
  const all = useAllAccounts(storeId);
  const priceLists = usePriceLists(storeId);
  // The types its class allows, and the accounts it may be grouped under: of the same type, never itself.
  const main = mains.data?.find((m) => String(m.ac_id) === form.watch('ac_id'));
  const types = accountTypes.filter((type) => !main || statementOfType(type) === main.statement);
  const chosenType = form.watch('account_type');
  const parentType = chosenType || account?.account_type;
  const parents = (all.data ?? []).filter(
    (a) => a.id !== account?.id && (!parentType || a.account_type === parentType) && (!main || a.ac_id === main.ac_id),
  );
  const bind = (name: keyof Values) => ({ control, name, label: accountsText.fields[name] });

  const submit = form.handleSubmit((body) =>
    save.mutate(account ? { ...body, id: account.id } : body, {
      onSuccess: ([saved]) => {
        notify.done(accountsText.saved);
        if (saved) onSaved(saved);
      },
      onError: (error) => {
        showServerErrors(form, error);
        notify.failed(error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <EnterSubmits />
      <IonList className="form-grid">
        <TextField {...bind('sub_name')} required autofocus />
        <SelectField
          {...bind('ac_id')}
          required
          options={(mains.data ?? []).map((main) => ({
            value: String(main.ac_id),
            label: `${main.ac_name} (${natureText(main.ac_type)})`,
          }))}
        />
        <SelectField
          {...bind('account_type')}
          testId="account-type"
          options={[
            { value: '', label: accountsText.typeOfClass },
            ...types.map((type) => ({ value: type, label: accountTypeLabelsAr[type] })),
          ]}
        />
        <SelectField
          {...bind('parent_id')}
          testId="account-parent"
          options={[
            { value: '', label: accountsText.noParent },
            ...parents.map((a) => ({
              value: String(a.id),
              label: a.sub_code ? `${a.sub_code} ${a.sub_name}` : a.sub_name,
            })),
          ]}
        />
        <CodeField {...bind('sub_code')} />
        <MoneyField {...bind('sub_balance')} />
        {/* The opening-balance account's own is the others' sum: it has no day. */}
        {account?.role !== 'opening_balance' && (
          <div data-testid="opening-date">
            <PlainDateField control={control} name="opening_date" label={accountsText.fields.opening_date} />
            <p className="field-hint">{accountsText.openingDateHint}</p>
          </div>
        )}
        <SelectField
          {...bind('cat_id')}
          options={[
            { value: '', label: accountsText.noCategory },
            ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.cat_name })),
          ]}
        />
        {isParty && <CodeField {...bind('phone')} inputmode="tel" />}
        {isParty && <TextField {...bind('address')} />}
        {isParty && (
          <SelectField
            {...bind('price_list_id')}
            testId="account-price-list"
            options={[
              { value: '', label: accountsText.noPriceList },
              ...(priceLists.data ?? []).map((list) => ({ value: String(list.id), label: list.name })),
            ]}
          />
        )}
      </IonList>
      <IonButton type="submit" expand="block" disabled={save.isPending} data-testid="save-account">
        {accountsText.save}
      </IonButton>
    </form>
  );
}
