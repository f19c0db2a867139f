import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { ui } from '../../app/messages.ts';
import {
  IonBadge,
  IonButton,
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonListHeader,
  IonMenu,
  IonMenuToggle,
  IonNote,
  IonTitle,
  IonToolbar,
} from '../../ui/ionic.ts';
import { useAuth, useSession } from '../auth/AuthProvider.tsx';
import { useDueInvoices } from '../notifications/useDueInvoices.ts';
import { isShownOn, menuGroups } from './menuEntries.ts';
import { logOutOutline, notificationsOutline } from './menuIcons.ts';

// The year's select is Ionic's, whose code (with its popover, alert and action sheet) is a fifth of the sales
// screen's load: it comes once the menu has drawn, which shows the chosen year meanwhile.
const YearSwitch = lazy(() => import('./YearSwitch.tsx').then((module) => ({ default: module.YearSwitch })));

function ChosenYear() {
  const { year } = useAuth();
  return (
    <div className="year-switch-pending">
      <small>{ui.menu.year}</small>
      <span>{year?.yearDesc}</span>
    </div>
  );
}

/** The payment-due notifications, polled while signed in, with how many are waiting. */
function DueLink({ storeId }: { storeId: number }) {
  const { count } = useDueInvoices(storeId);
  return (
    <IonMenuToggle autoHide={false}>
      <IonItem routerLink="/folder/notifications" routerDirection="root" detail={false} button lines="none">
        <IonIcon slot="start" icon={notificationsOutline} />
        <IonLabel>{ui.menu.notifications}</IonLabel>
        {count > 0 && (
          <IonBadge slot="end" color="danger" data-testid="due-count">
            {count}
          </IonBadge>
        )}
      </IonItem>
    </IonMenuToggle>
  );
}

export default function Menu() {
  const { user, store } = useSession();
  const { signOut } = useAuth();
  const { pathname } = useLocation();

  return (
    <IonMenu contentId="main" type="overlay" className="app-menu">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle size="small">{ui.systemName}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="menu-user">
          <strong data-testid="menu-full-name">{user.full_name}</strong>
          <IonNote>{store.store_name}</IonNote>
          <IonButton size="small" fill="outline" color="danger" onClick={() => void signOut()} data-testid="logout">
            <IonIcon slot="start" icon={logOutOutline} />
            {ui.menu.logout}
          </IonButton>
        </div>
        <Suspense fallback={<ChosenYear />}>
          <YearSwitch storeId={store.id} />
        </Suspense>
        <DueLink storeId={store.id} />
        {menuGroups.map((group) => (
          <IonList key={group.title} lines="none">
            <IonListHeader>{group.title}</IonListHeader>
            {group.entries
              .filter((entry) => isShownOn(entry.device))
              .map((entry) => (
                <IonMenuToggle key={entry.path} autoHide={false}>
                  <IonItem
                    routerLink={entry.path}
                    data-path={entry.path}
                    routerDirection="root"
                    detail={false}
                    button
                    className={pathname === entry.path ? 'selected' : undefined}
                  >
                    <IonLabel>{entry.label}</IonLabel>
                  </IonItem>
                </IonMenuToggle>
              ))}
          </IonList>
        ))}
      </IonContent>
    </IonMenu>
  );
}
