import { routes, type SessionUser, type Store, type Year } from '@mizan/contract';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, call, setApiYear, whenSessionEnds } from '../../app/api.ts';
import { homeFor } from '../../app/platform.ts';
import { queryClient } from '../../app/queryClient.ts';
import { readStored, removeStored, STORE_INFO, USER_INFO, writeStored, YEAR } from '../../app/storage.ts';

type AuthState = {
  /** `checking` only at start-up, while a stored sign-in is verified with the server. */
  status: 'checking' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
  store: Store | null;
  year: Year | null;
};

type Auth = AuthState & {
  signIn: (user: SessionUser, store: Store) => Promise<void>;
  signOut: () => Promise<void>;
  chooseYear: (year: Year) => Promise<void>;
};

export const AuthContext = createContext<Auth | null>(null);

const loginPath = '/folder/login';

/** Replaces the address without a router: the sign-in page has none, and the signed-in app's mounts after this. */
function goTo(path: string) {
  if (window.location.pathname !== path) window.history.replaceState(null, '', path);
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/** The signed-in user and store, as every screen needs them (the guard guarantees both are there). */
export function useSession() {
  const { user, store, year } = useAuth();
  if (!user || !store) throw new Error('useSession on a screen without a session');
  return { user, store, year, storeId: store.id };
}

const nothingToPrepare = async () => {};

/**
 * The signed-in app is drawn as a transition: React draws it in slices of a few milliseconds, so a phone stays
 * responsive while the app's first screen is built (its code is already here: nothing suspends).
 */
function showSignedIn(state: AuthState & { status: 'signedIn' }, setState: (state: AuthState) => void) {
  startTransition(() => setState(state));
}

/**
 * `prepareSignedIn` fetches what the signed-in app draws first; the app is shown once it is done. At start-up with
 * a sign-in kept on the device it runs while the server confirms the session.
 */
export function AuthProvider({
  children,
  prepareSignedIn = nothingToPrepare,
}: {
  children: ReactNode;
  prepareSignedIn?: () => Promise<void>;
}) {
  const [state, setState] = useState<AuthState>({ status: 'checking', user: null, store: null, year: null });

  const applyYear = useCallback((year: Year | null) => setApiYear(year), []);

  const clear = useCallback(async () => {
    // The seed's order: USER_INFO, then STORE_INFO.
    await removeStored(USER_INFO);
    await removeStored(STORE_INFO);
    queryClient.clear();
    setState({ status: 'signedOut', user: null, store: null, year: null });
  }, []);

  // Start-up: a stored sign-in is restored only if the server still knows its session.
  useEffect(() => {
    whenSessionEnds(() => void clear());
    (async () => {
      const [user, store, year] = await Promise.all([readStored(USER_INFO), readStored(STORE_INFO), readStored(YEAR)]);
      if (!user || !store) return setState((s) => ({ ...s, status: 'signedOut' }));
      const prepared = prepareSignedIn();
      applyYear(year);
      try {
        const [current] = (await call(routes.users.me)).data;
        if (current) {
          await prepared;
          return showSignedIn({ status: 'signedIn', user: current, store, year }, setState);
        }
      } catch (error) {
        // No answer (no network, the server stopped): the device's sign-in holds, so the POS opens and sells
        // offline (docs/offline.md); the server's session is checked again by the first call that reaches it.
        if (error instanceof ApiError && error.status === 0) {
          await prepared;
          return showSignedIn({ status: 'signedIn', user, store, year }, setState);
        }
        // An expired session: sign in again.
      }
      await clear();
    })();
  }, [applyYear, clear, prepareSignedIn]);

  // Signed out, the address is the sign-in page's (a guarded address typed while signed out lands there too).
  // A stored sign-in restored at start-up keeps its address, so a reload stays on its screen.
  useEffect(() => {
    if (state.status === 'signedOut') goTo(loginPath);
  }, [state.status]);

  const signIn = useCallback(
    async (user: SessionUser, store: Store) => {
      await writeStored(USER_INFO, user);
      await writeStored(STORE_INFO, store);
      const year = await readStored(YEAR);
      applyYear(year);
      await prepareSignedIn();
      // The signed-in app's router reads the address when it mounts: it opens on the device's sales invoice.
      goTo(homeFor(user));
      showSignedIn({ status: 'signedIn', user, store, year }, setState);
    },
    [applyYear, prepareSignedIn],
  );

  const signOut = useCallback(async () => {
    await removeStored(USER_INFO);
    await removeStored(STORE_INFO);
    await call(routes.users.logout).catch(() => undefined);
    queryClient.clear();
    setState({ status: 'signedOut', user: null, store: null, year: null });
  }, []);

  const chooseYear = useCallback(
    async (year: Year) => {
      await writeStored(YEAR, year);
      applyYear(year);
      // Every year-dependent cache key carries the year (app/queryClient.ts): the screens now read the chosen year's own entries,
      // and no entry of the other year is refetched under this year's base.
      setState((s) => ({ ...s, year }));
    },
    [applyYear],
  );

  const auth = useMemo(() => ({ ...state, signIn, signOut, chooseYear }), [state, signIn, signOut, chooseYear]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
