import { formatDecimal } from '../../app/format.ts';
import { IonAccordion, IonAccordionGroup, IonItem, IonLabel, IonNote } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { accountsText, natureText } from './accountsText.ts';
import { useAllAccounts, useMainAccounts } from './useAccounts.ts';

/** The chart of accounts: each main account with its nature, and under it the store's accounts. */
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
                {children.map((a) => (
                  <IonItem key={a.id} lines="inset" className="tree-leaf">
                    <IonLabel>
                      <bdi className="num">{a.sub_code}</bdi> <bdi>{a.sub_name}</bdi>
                      {a.role && <small className="system-badge"> ({accountsText.system})</small>}
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
