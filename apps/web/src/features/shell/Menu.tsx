import { menuController } from '@ionic/core/components';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ui } from '../../app/messages.ts';
import { may } from '../../app/permissions.ts';
import { loadScreenOf } from '../../app/routes.tsx';
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
} from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useAuth, useSession } from '../auth/AuthProvider.tsx';
import { useDueInvoices } from '../notifications/useDueInvoices.ts';
import { offlineText } from '../offline/offlineText.ts';
import { keepSyncing, waitingCount } from '../offline/outbox.ts';
import { isShownOn, menuGroups } from './menuEntries.ts';
import { logOutOutline, notificationsOutline } from './menuIcons.ts';
import { YearSwitch } from './YearSwitch.tsx';

/**
 * One entry of the menu: a plain link styled as Ionic's item (the menu has some thirty; as Ionic items, toggles and
 * labels they were a hundred custom elements to start before the sales screen could answer).
 */
function MenuLink({ path, children, icon, nav }: { path: string; children: ReactNode; icon?: string; nav: MenuNav }) {
  const current = nav.pathname === path;
  return (
    <a
      href={path}
      data-path={path}
      className={current ? 'menu-link selected' : 'menu-link'}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => nav.open(event, path)}
      // The screen's code is fetched as the pointer comes over the link or a finger touches it (and on focus from
      // the keyboard): by the click it is usually here, and the screen draws at once instead of behind the splash.
      onPointerEnter={() => fetchScreen(path)}
      onPointerDown={() => fetchScreen(path)}
      onFocus={() => fetchScreen(path)}
    >
      {icon && <IonIcon icon={icon} aria-hidden="true" />}
      {children}
    </a>
  );
}

const fetchScreen = (path: string) => void loadScreenOf(path).catch(() => undefined);

/** Where the app is, and how a menu link opens its screen: read once by the menu for all its links. */
type MenuNav = { pathname: string; open: (event: MouseEvent<HTMLAnchorElement>, path: string) => void };

/**
 * A click opens the screen and closes the menu on a phone;
 * a click with Ctrl or the middle button opens it in a new tab as any link does.
 */
function useMenuNav(): MenuNav {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return {
    pathname,
    open: (event, path) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(path);
      void menuController.close();
    },
  };
}

/** The payment-due notifications, polled while signed in, with how many are waiting. */
function DueLink({ storeId, nav }: { storeId: number; nav: MenuNav }) {
  const { count } = useDueInvoices(storeId);
  return (
    <MenuLink path="/folder/notifications" icon={notificationsOutline} nav={nav}>
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
  const nav = useMenuNav();
  const notify = useNotify();
  // The menu is there as long as someone is signed in: the sales waiting on the device are sent whenever the
  // network allows (docs/offline.md).
  useEffect(() => keepSyncing(store.id), [store.id]);
  // Sales waiting to be sent would be left behind with no one signed in: refused. Set-aside ones stay on the device
  // for the manager who signs in after the cashier to resend or remove them.
  const signOutUnlessWaiting = async () => {
    const waiting = await waitingCount();
    if (waiting > 0) return notify.refused(offlineText.signOutRefused(waiting));
    await signOut();
  };

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
          <IonButton
            size="small"
            fill="outline"
            color="danger"
            onClick={() => void signOutUnlessWaiting()}
            data-testid="logout"
          >
            <IonIcon slot="start" icon={logOutOutline} />
            {ui.menu.logout}
          </IonButton>
        </div>
        <YearSwitch storeId={store.id} />
        <DueLink storeId={store.id} nav={nav} />
        <nav aria-label={ui.menu.title}>
          {menuGroups.map((group) => {
            const shown = group.entries.filter((entry) => isShownOn(entry.device) && may(user, entry.permission));
            // A group with nothing the user may do is left out, title and all.
            if (shown.length === 0) return null;
            return (
              <section key={group.title} className="menu-group">
                <h2>{group.title}</h2>
                {shown.map((entry) => (
                  <MenuLink key={entry.path} path={entry.path} nav={nav}>
                    {entry.label}
                  </MenuLink>
                ))}
              </section>
            );
          })}
        </nav>
      </IonContent>
    </IonMenu>
  );
}
