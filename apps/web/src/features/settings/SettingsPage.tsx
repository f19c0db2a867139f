import type { ReactNode } from 'react';
import { may } from '../../app/permissions.ts';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { BackupSection } from './BackupSection.tsx';
import { backupText } from './backupText.ts';
import { CompanySection } from './CompanySection.tsx';
import { RolesSection } from './RolesSection.tsx';
import { StoreSection } from './StoreSection.tsx';
import { settingsText } from './settingsText.ts';
import { UsersSection } from './UsersSection.tsx';
import { useBackupStatus } from './useBackups.ts';
import { useStores } from './useSettings.ts';
import { YearSection } from './YearSection.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <IonCard>
      <IonCardHeader>
        <IonCardTitle>{title}</IonCardTitle>
      </IonCardHeader>
      <IonCardContent>{children}</IonCardContent>
    </IonCard>
  );
}

/** Settings: the company, the accounting year, the store and its users, the backups, the roles. */
export default function SettingsPage({ title }: { title: string }) {
  const { user, store, storeId } = useSession();
  const stores = useStores();
  const backups = useBackupStatus(may(user, 'settings'));
  const current = stores.data?.find((s) => s.id === storeId) ?? store;
  return (
    <Page title={title}>
      <Section title={settingsText.company}>
        <CompanySection isAdmin={may(user, 'settings')} />
      </Section>
      <Section title={settingsText.year}>
        <YearSection storeId={storeId} isAdmin={may(user, 'yearClose')} />
      </Section>
      <Section title={settingsText.store}>
        <StoreSection
          key={`${current.store_name}|${current.location}|${current.allow_negative_stock}`}
          store={current}
          isAdmin={may(user, 'settings')}
        />
      </Section>
      <Section title={settingsText.users}>
        <UsersSection storeId={storeId} isAdmin={may(user, 'users')} selfId={user.id} />
      </Section>
      {backups.data && (
        <Section title={backupText.title}>
          <BackupSection status={backups.data} />
        </Section>
      )}
      {may(user, 'roles') && (
        <Section title={settingsText.roles}>
          <RolesSection />
        </Section>
      )}
    </Page>
  );
}
