import { accountTypeLabelsAr, type SubAccount } from '@mizan/contract';
import { formatDecimal } from '../../app/format.ts';
import { IonAccordion, IonAccordionGroup, IonItem, IonLabel, IonNote } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { accountsText, natureText } from './accountsText.ts';
import { useAllAccounts, useMainAccounts } from './useAccounts.ts';

/** The accounts of a class in tree order: each parent followed by the accounts under it, with their depth. */
export function treeOrder(accounts: SubAccount[]): { account: SubAccount; depth: number }[] {
  const ids = new Set(accounts.map((a) => a.id));
  const childrenOf = new Map<number | null, SubAccount[]>();
  for (const a of accounts) {
    // A parent of another class shows its child at the top of this one.
    const parent = a.parent_id !== null && ids.has(a.parent_id) ? a.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), a]);
  }
  const ordered: { account: SubAccount; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const account of childrenOf.get(parent) ?? []) {
      ordered.push({ account, depth });
      walk(account.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

/** The chart of accounts: each main account with its nature, and under it the store's accounts as a tree. */
export default function AccountTreePage({ title }: { title: string }) {
  const { storeId } = useSession();
  const mains = useMainAccounts();
  const accounts = useAllAccounts(storeId);
  return (
    <Page title={title}>
      <IonAccordionGroup multiple value={mains.data?.map((m) => String(m.ac_id))} data-testid="account-tree">
        {mains.data?.map((main) => {
          const children = accounts.data?.filter((a) => a.ac_id === main.ac_id) ?? [];
          return (
            <IonAccordion key={main.ac_id} value={String(main.ac_id)}>
              <IonItem slot="header" color="light">
                <IonLabel>
                  <strong>
                    <bdi className="num">{main.ac_code}</bdi> {main.ac_name}
                  </strong>
                </IonLabel>
                <IonNote slot="end">
                  {natureText(main.ac_type)} · <bdi className="num">{children.length}</bdi>
                </IonNote>
              </IonItem>
              <div slot="content">
                {treeOrder(children).map(({ account: a, depth }) => (
                  <IonItem
                    key={a.id}
                    lines="inset"
                    className="tree-leaf"
                    data-depth={depth}
                    style={{ paddingInlineStart: `${depth * 1.5}rem` }}
                  >
                    <IonLabel>
                      {depth > 0 && <span aria-hidden="true">↳ </span>}
                      <bdi className="num">{a.sub_code}</bdi> <bdi>{a.sub_name}</bdi>
                      {a.role && <small className="system-badge"> ({accountsText.system})</small>}
                      <small className="account-type"> · {accountTypeLabelsAr[a.account_type]}</small>
                    </IonLabel>
                    <IonNote slot="end">
                      <bdi className="num">{formatDecimal(a.current_balance)}</bdi> {natureText(a.balance_type)}
                    </IonNote>
                  </IonItem>
                ))}
              </div>
            </IonAccordion>
          );
        })}
      </IonAccordionGroup>
    </Page>
  );
}
