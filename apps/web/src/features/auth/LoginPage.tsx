import { messagesAr, routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, call } from '../../app/api.ts';
import { ui } from '../../app/messages.ts';
import {
  IonButton,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
  useIonLoading,
  useIonToast,
} from '../../ui/ionic.ts';
import { useScreenFocus } from '../../ui/useScreenFocus.ts';
import { useAuth } from './AuthProvider.tsx';
import './LoginPage.css';

export default function LoginPage() {
  const { signIn } = useAuth();
  const stores = useQuery({ queryKey: ['stores'], queryFn: async () => (await call(routes.store.read)).data });
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [storeId, setStoreId] = useState<number | undefined>();
  const [presentLoading, dismissLoading] = useIonLoading();
  const [presentToast] = useIonToast();
  const formRef = useRef<HTMLFormElement>(null);
  const userNameRef = useRef<HTMLInputElement>(null);
  // The seed focuses the user name; once the page's transition has ended, or a hidden page's field keeps none.
  useScreenFocus(formRef, () => userNameRef.current?.focus());

  useEffect(() => {
    if (storeId === undefined && stores.data?.[0]) setStoreId(stores.data[0].id);
  }, [stores.data, storeId]);

  const toast = (message: string) =>
    presentToast({ message, color: 'danger', position: 'top', mode: 'ios', duration: 2000, cssClass: 'mizan-toast' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the fields hold now: typed at a password manager's or a scanner's speed, React's state can lag them.
    const fields = new FormData(event.currentTarget);
    const typedName = String(fields.get('user_name') ?? userName);
    const typedPassword = String(fields.get('password') ?? password);
    // Credentials typed (or filled) before the store list arrived: wait for it rather than refuse them.
    const list = stores.data ?? (await stores.refetch()).data ?? [];
    const store = list.find((s) => s.id === storeId) ?? list[0];
    if (!typedName.trim() || !typedPassword || !store) return toast(ui.login.incomplete);
    await presentLoading({
      message: ui.login.loading,
      spinner: 'bubbles',
      duration: 2000,
      translucent: true,
      backdropDismiss: false,
    });
    try {
      const [user] = (
        await call(routes.users.login, {
          body: { user_name: typedName.trim(), password: typedPassword, store_id: store.id, level: 'user' },
        })
      ).data;
      await dismissLoading();
      // Success means a record with an id (seed section 5).
      if (user?.id == null) return toast(ui.login.failed);
      setPassword('');
      await signIn(user, store);
    } catch (error) {
      await dismissLoading();
      const tooMany = error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS';
      toast(tooMany ? messagesAr.TOO_MANY_ATTEMPTS : ui.login.failed);
    }
  }

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{ui.login.title}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding login-content">
        <form className="login-card" onSubmit={submit} ref={formRef}>
          <img src="/icon.svg" alt="" className="login-logo" />
          <h1>{ui.appName}</h1>
          <p className="login-subtitle">{ui.systemName}</p>
          {/* Plain fields, not Ionic's input and select: the page then needs only Ionic's page and button, and the
              store list opens the phone's own picker. Ionic's select alone brought all its interfaces (alert, action
              sheet, popover, modal) into the first load. */}
          <div className="login-fields">
            <label className="login-field">
              <span>{ui.login.userName}</span>
              <input
                name="user_name"
                autoComplete="username"
                ref={userNameRef}
                value={userName}
                onChange={(e) => setUserName(e.target.value)}
              />
            </label>
            <label className="login-field">
              <span>{ui.login.password}</span>
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <label className="login-field">
              <span>{ui.login.store}</span>
              <select name="store_id" value={storeId ?? ''} onChange={(e) => setStoreId(Number(e.target.value))}>
                {stores.data?.map((store) => (
                  <option key={store.id} value={store.id}>
                    {store.store_name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {stores.data?.length === 0 && <p className="login-hint">{ui.login.noStores}</p>}
          <IonButton type="submit" expand="block" className="login-submit">
            {ui.login.submit}
          </IonButton>
        </form>
      </IonContent>
    </IonPage>
  );
}
