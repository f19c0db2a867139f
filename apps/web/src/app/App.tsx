import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider.tsx';
import { Splash } from '../ui/Splash.tsx';
import { loadMenu } from './menuLoader.ts';
import { queryClient } from './queryClient.ts';
import { loadScreenOf } from './routes.tsx';

// The sign-in page is plain React and CSS; Ionic, the router and the screens come with the signed-in app, so a
// cashier's phone draws the sign-in page without them (the first-load budget holds each to its size).
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const loadSignedInApp = () => import('./SignedInApp.tsx');
const SignedInApp = lazy(loadSignedInApp);

/**
 * A sign-in kept on the device: the signed-in app, its menu and the screen of the address are fetched while the
 * server confirms the session, side by side, instead of one after the other once it has (each round trip is a
 * fifth of a second on a phone's network). Should the session have ended, the sign-in page shows as usual.
 */
function fetchSignedInApp() {
  const ignore = () => undefined;
  loadSignedInApp().catch(ignore);
  loadMenu().catch(ignore);
  loadScreenOf(window.location.pathname).catch(ignore);
}

function Root() {
  const { status } = useAuth();
  if (status === 'checking') return <Splash />;
  return <Suspense fallback={<Splash />}>{status === 'signedIn' ? <SignedInApp /> : <LoginPage />}</Suspense>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onKeptSignIn={fetchSignedInApp}>
        <Root />
      </AuthProvider>
    </QueryClientProvider>
  );
}
