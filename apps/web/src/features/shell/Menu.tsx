import { menuController } from '@ionic/core/components';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ui } from '../../app/messages.ts';
import {
  IonBadge,
  IonButton,
  IonContent,
  IonHeader,
  IonIcon,
  IonMenu,
  IonNote,
  IonTitle,
  IonToolbar,
  useIonRouter,
} from '../../ui/ionic.ts';
import { useAuth, useSession } from '../auth/AuthProvider.tsx';
import { useDueInvoices } from '../notifications/useDueInvoices.ts';
import { isShownOn, menuGroups } from './menuEntries.ts';
import { logOutOutline, notificationsOutline } from './menuIcons.ts';
import { YearSwitch } from './YearSwitch.tsx';

/**
 * One entry of the menu: a plain link styled as Ionic's item (the menu has some thirty; as Ionic items, toggles and
 * labels they were a hundred custom elements to start before the sales screen could answer). A click opens the
 * screen as a new root, as Ionic's `routerDirection="root"` did, and closes the menu on a phone; a click with
 * Ctrl or the middle button opens it in a new tab as any link does.
 */
function MenuLink({ path, children, icon }: { path: string; children: ReactNode; icon?: string }) {
  const router = useIonRouter();
  const { pathname } = useLocation();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(path, 'root');
    void menuController.close();
  };
  const current = pathname === path;
  return (
    <a
      href={path}
      data-path={path}
      className={current ? 'menu-link selected' : 'menu-link'}
      aria-current={current ? 'page' : undefined}
      onClick={open}
    >
      {icon && <IonIcon icon={icon} aria-hidden="true" />}
      {children}
    </a>
  );
}

/** The payment-due notifications, polled while signed in, with how many are waiting. */
function DueLink({ storeId }: { storeId: number }) {
  const { count } = useDueInvoices(storeId);
  return (
    <MenuLink path="/folder/notifications" icon={notificationsOutline}>
      <span className="menu-link-label">{ui.menu.notifications}</span>
      {count > 0 && (
        <IonBadge color="danger" data-testid="due-count">
          {count}
        </IonBadge>
      )}
    </MenuLink>
  );
}

export default function Menu() {
  const { user, store } = useSession();
  const { signOut } = useAuth();

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
        <YearSwitch storeId={store.id} />
        <DueLink storeId={store.id} />
        <nav aria-label={ui.menu.title}>
          {menuGroups.map((group) => (
            <section key={group.title} className="menu-group">
              <h2>{group.title}</h2>
              {group.entries
                .filter((entry) => isShownOn(entry.device))
                .map((entry) => (
                  <MenuLink key={entry.path} path={entry.path}>
                    {entry.label}
                  </MenuLink>
                ))}
            </section>
          ))}
        </nav>
      </IonContent>
    </IonMenu>
  );
}
