import type { SubAccount } from '@mizan/contract';
import { addOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { AccountFiltersBar } from './AccountFiltersBar.tsx';
import { AccountModal } from './AccountModal.tsx';
import { accountsText, natureText } from './accountsText.ts';
import { type AccountFilters, noFilters, useAccountList, useDeleteAccount } from './useAccounts.ts';

const col = accountsText.columns;
const columns: Column<SubAccount>[] = [
  { id: 'code', serverSort: 'sub_code', header: col.code, cell: (a) => a.sub_code ?? '' },
  {
    id: 'name',
    serverSort: 'sub_name',
    header: col.name,
    cell: (a) => (
      <>
        <bdi>{a.sub_name}</bdi>
        {a.role && <small className="system-badge"> ({accountsText.system})</small>}
      </>
    ),
  },
  { id: 'main', serverSort: 'ac_name', header: col.main, cell: (a) => a.ac_name ?? '' },
  { id: 'nature', header: col.nature, cell: (a) => natureText(a.sub_type) },
  { id: 'category', serverSort: 'cat_name', header: col.category, cell: (a) => a.cat_name ?? '' },
  {
    id: 'phone',
    serverSort: 'phone',
    header: col.phone,
    amount: false,
    cell: (a) => <bdi className="num">{a.phone}</bdi>,
  },
  {
    id: 'balance',
    serverSort: 'balance',
    header: col.balance,
    amount: true,
    cell: (a) => (
      <>
        <bdi className="num">{formatDecimal(a.current_balance)}</bdi> {natureText(a.balance_type)}
      </>
    ),
  },
];

/** Account management (sub-account2; sub-account is the same screen): search, filters, pages of 20 from the server. */
export default function AccountsPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [filters, setFilters] = useState<AccountFilters>(noFilters);
  const [editing, setEditing] = useState<{ account?: SubAccount } | undefined>();
  const { query, rows, paging } = useAccountList(storeId, filters);
  const remove = useDeleteAccount(storeId);
  const notify = useNotify();
  const [confirm] = useIonAlert();

  const askDelete = (account: SubAccount) =>
    confirm({
      message: accountsText.confirmDelete(account.sub_name),
      buttons: [
        { text: accountsText.cancel, role: 'cancel' },
        {
          text: accountsText.ok,
          handler: () =>
            remove.mutate(account.id, { onSuccess: () => notify.done(accountsText.deleted), onError: notify.failed }),
        },
      ],
    });

  return (
    <Page title={title}>
      <div className="toolbar-row">
        <IonButton onClick={() => setEditing({})} data-testid="new-account">
          <IonIcon slot="start" icon={addOutline} />
          {accountsText.newAccount}
        </IonButton>
      </div>
      <AccountFiltersBar storeId={storeId} filters={filters} onChange={setFilters} />
      <p className="notice">{accountsText.openingNotice}</p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        testId="accounts-table"
        empty={accountsText.empty}
        loading={query.isLoading}
        columnChoice={{ storageKey: 'columns:accounts' }}
        paging={paging}
        actions={(a) => (
          <>
            <IonButton
              size="small"
              fill="clear"
              aria-label={accountsText.edit}
              onClick={() => setEditing({ account: a })}
            >
              <IonIcon icon={createOutline} />
            </IonButton>
            {!a.role && (
              <IonButton
                size="small"
                fill="clear"
                color="danger"
                aria-label={accountsText.delete}
                onClick={() => askDelete(a)}
              >
                <IonIcon icon={trashOutline} />
              </IonButton>
            )}
          </>
        )}
      />
      <AccountModal
        storeId={storeId}
        open={editing !== undefined}
        account={editing?.account}
        onClose={() => setEditing(undefined)}
      />
    </Page>
  );
}
