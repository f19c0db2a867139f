import type { SubAccount } from '@mizan/contract';
import { addOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { LoadMore } from '../../ui/LoadMore.tsx';
import { Page } from '../../ui/Page.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { AccountFiltersBar } from './AccountFiltersBar.tsx';
import { AccountModal } from './AccountModal.tsx';
import { accountsText, natureText } from './accountsText.ts';
import { type AccountFilters, noFilters, useAccountList, useDeleteAccount } from './useAccounts.ts';

const col = accountsText.columns;

/** Account management (sub-account2; sub-account is the same screen): search, filters, pages of 20 from the server. */
export default function AccountsPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [filters, setFilters] = useState<AccountFilters>(noFilters);
  const [editing, setEditing] = useState<{ account?: SubAccount } | undefined>();
  const { query, rows, total } = useAccountList(storeId, filters);
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
      {rows.length === 0 && !query.isLoading && <p className="empty">{accountsText.empty}</p>}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" data-testid="accounts-table">
            <thead>
              <tr>
                <th>{col.code}</th>
                <th>{col.name}</th>
                <th>{col.main}</th>
                <th>{col.nature}</th>
                <th>{col.category}</th>
                <th>{col.phone}</th>
                <th className="amount">{col.balance}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td data-label={col.code}>
                    <bdi>{a.sub_code}</bdi>
                  </td>
                  <td data-label={col.name}>
                    <bdi>{a.sub_name}</bdi>
                    {a.role && <small className="system-badge"> ({accountsText.system})</small>}
                  </td>
                  <td data-label={col.main}>{a.ac_name}</td>
                  <td data-label={col.nature}>{natureText(a.sub_type)}</td>
                  <td data-label={col.category}>{a.cat_name}</td>
                  <td data-label={col.phone}>
                    <bdi className="num">{a.phone}</bdi>
                  </td>
                  <td data-label={col.balance} className="amount">
                    <bdi className="num">{formatDecimal(a.current_balance)}</bdi> {natureText(a.balance_type)}
                  </td>
                  <td className="row-actions">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        shown={rows.length}
        total={total}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
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
