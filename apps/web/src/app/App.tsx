import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { isCodeNotLoaded, lazyComponent, useLoaded } from '../ui/lazyComponent.tsx';
import { Splash } from '../ui/Splash.tsx';
import { Menu } from './lazyMenu.ts';
import { ui } from './messages.ts';
import { queryClient } from './queryClient.ts';
import { loadScreenOf } from './routes.tsx';

// The sign-in page is plain React and CSS; Ionic, the router and the screens come with the signed-in app, so a
// cashier's phone draws the sign-in page without them (the first-load budget holds each to its size).
const LoginPage = lazyComponent(() => import('../features/auth/LoginPage.tsx'));
const SignedInApp = lazyComponent(() => import('./SignedInApp.tsx'));

/**
 * What a signed-in user sees first: the signed-in app, its menu and the screen of the address (the home screen
 * from the sign-in page). With a sign-in kept on the device they are fetched while the server confirms the session,
 * side by side, instead of one after the other once it has (each round trip is a fifth of a second on a phone's
 * network); should the session have ended, the sign-in page shows as usual. The app shows once they are here, so
 * no part of it draws a splash of its own. A part that failed to come shows its failure when drawn.
 */
async function prepareSignedInApp() {
  await Promise.allSettled([SignedInApp.load(), Menu.load(), loadScreenOf(window.location.pathname)]);
}

/** The splash while the session is checked and the page's code arrives, then the sign-in page or the app. */
function Root() {
  const { status } = useAuth();
  const Shown = status === 'checking' ? undefined : status === 'signedIn' ? SignedInApp : LoginPage;
  const ready = useLoaded(Shown);
  if (!Shown || !ready) return <Splash />;
  return (
    // The app's code could not come (offline before the service worker kept it): say so, and fetch it on retry.
    <ErrorBoundary
      resetKey={Shown}
      fallback={(retry, error) => (
        <div className="render-failed" role="alert">
          <p>{isCodeNotLoaded(error) ? ui.screenNotLoaded : ui.renderFailed}</p>
          <button
            type="button"
            className="plain-button outline"
            onClick={() => {
              Shown.retry();
              retry();
            }}
          >
            {ui.retry}
          </button>
        </div>
      )}
    >
      <Suspense fallback={<Splash />}>
        <Shown />
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider prepareSignedIn={prepareSignedInApp}>
        <Root />
      </AuthProvider>
    </QueryClientProvider>
  );
}
