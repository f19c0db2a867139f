import { isFullStore, messagesAr, routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, call } from '../../app/api.ts';
import { ui } from '../../app/messages.ts';
import { LAST_STORE, readStored, writeStored } from '../../app/storage.ts';
import { useAuth } from './AuthProvider.tsx';
import './LoginPage.css';

/** How long the failure toast stays (seed: 2000 ms, at the top). */
const toastMs = 2000;

/**
 * The sign-in page, in plain React and CSS: a cashier's phone draws it without Ionic, the router or any screen
 * (they load once signed in). It looks like the Ionic pages it leads to: a primary toolbar, a card, a block button,
 * a top toast in the iOS style and a loading overlay.
 */

export default function LoginPage() {
  const { signIn } = useAuth();
  // Before sign-in the list carries the stores' names only: a key of its own, apart from the signed-in list.
  const stores = useQuery({
    queryKey: ['stores', 'names'],
    queryFn: async () => (await call(routes.store.read)).data,
  });
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [storeId, setStoreId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<{ message: string; shownAt: number }>();
  const userNameRef = useRef<HTMLInputElement>(null);
  // The seed focuses the user name when the page opens.
  useEffect(() => userNameRef.current?.focus(), []);
  useEffect(() => {
    if (!toast) return;
    const hide = setTimeout(() => setToast(undefined), toastMs);
    return () => clearTimeout(hide);
  }, [toast]);

  // The store this device last signed in to is offered first: a second store's keeper who forgot to pick it every
  // morning was told his name or password was wrong.
  const [lastStore] = useState(() => readStored(LAST_STORE).catch(() => null));
  useEffect(() => {
    const list = stores.data;
    if (storeId !== undefined || !list?.[0]) return;
    let current = true;
    void lastStore.then((last) => {
      const offered = list.find((s) => s.id === last) ?? list[0];
      if (current && offered) setStoreId((chosen) => chosen ?? offered.id);
    });
    return () => {
      current = false;
    };
  }, [stores.data, storeId, lastStore]);

  const fail = (message: string) => setToast({ message, shownAt: Date.now() });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the fields hold now: typed at a password manager's or a scanner's speed, React's state can lag them.
    const fields = new FormData(event.currentTarget);
    const typedName = String(fields.get('user_name') ?? userName);
    const typedPassword = String(fields.get('password') ?? password);
    // Credentials typed (or filled) before the store list arrived: wait for it rather than refuse them.
    const list = stores.data ?? (await stores.refetch()).data ?? [];
    const chosen = storeId ?? (await lastStore);
    const store = list.find((s) => s.id === chosen) ?? list[0];
    if (!typedName.trim() || !typedPassword || !store) return fail(ui.login.incomplete);
    setBusy(true);
    try {
      const [user] = (
        await call(routes.users.login, {
          body: { user_name: typedName.trim(), password: typedPassword, store_id: store.id, level: 'user' },
        })
      ).data;
      setBusy(false);
      // Success means a record with an id (seed section 5).
      if (user?.id == null) return fail(ui.login.failed);
      setPassword('');
      // Signed in, the store is read with its details (location, settings), which the list before gave no one.
      const full = (await call(routes.store.read)).data.filter(isFullStore).find((s) => s.id === store.id);
      if (!full) return fail(ui.login.failed);
      await writeStored(LAST_STORE, full.id).catch(() => undefined);
      await signIn(user, full);
    } catch (error) {
      setBusy(false);
      const tooMany = error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS';
      fail(tooMany ? messagesAr.TOO_MANY_ATTEMPTS : ui.login.failed);
    }
  }

  return (
    <div className="login-page">
      <header className="login-toolbar">
        <h1>{ui.login.title}</h1>
      </header>
      <main className="login-content">
        <form className="login-card" onSubmit={submit} aria-busy={busy}>
          <img src="/icon.svg" alt="" className="login-logo" width="72" height="72" />
          <h2>{ui.appName}</h2>
          <p className="login-subtitle">{ui.systemName}</p>
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
              {/* The phone's own list: no picker of ours to load. */}
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
          <button type="submit" className="login-submit" disabled={busy}>
            {ui.login.submit}
          </button>
        </form>
      </main>
      {busy && (
        <div className="login-busy" role="status">
          <span className="splash-spinner" />
          <span>{ui.login.loading}</span>
        </div>
      )}
      {toast && (
        <div key={toast.shownAt} className="mizan-toast login-toast" role="alert" data-color="danger">
          {toast.message}
        </div>
      )}
    </div>
  );
}
