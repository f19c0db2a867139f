import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { restoreDeviceCache } from '../features/offline/deviceCache.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { IonApp, IonContent, IonSplitPane, setupIonicReact } from '../ui/ionic.ts';
import { isCodeNotLoaded } from '../ui/lazyComponent.tsx';
import { Splash } from '../ui/Splash.tsx';
import { Menu } from './lazyMenu.ts';
import { ui } from './messages.ts';
import { homeFor } from './platform.ts';
import { bareFolder, placeholderScreen, routes, screens } from './routes.tsx';

// Ionic is set up once, when the first signed-in screen is drawn (the sign-in page does not use it).
setupIonicReact();
// What the POS opens with offline, back from the device before the first screen reads it (docs/offline.md).
void restoreDeviceCache();

/**
 * A screen that failed to draw, or whose code could not come (offline before the service worker kept it): the Arabic
 * message in a page of its own, the menu and other screens still work.
 */
function ScreenFailed({ retry, error }: { retry: () => void; error: unknown }) {
  return (
    <div className="ion-page">
      <IonContent className="ion-padding">
        <div className="render-failed" role="alert">
          <p>{isCodeNotLoaded(error) ? ui.screenNotLoaded : ui.renderFailed}</p>
          <button type="button" className="plain-button outline" onClick={retry}>
            {ui.retry}
          </button>
        </div>
      </IonContent>
    </div>
  );
}

/**
 * The signed-in app: the menu beside the screen of the address (AuthProvider shows the sign-in page otherwise).
 * One screen is mounted at a time, as a page of the web: Ionic's router outlet kept every screen opened mounted and
 * hidden behind the next, each reading the address of another (the sale lost after printing came from there), and
 * starting its page machinery was a fifth of the sales screen's start on a phone.
 * A screen is keyed by its route, so a new invoice and an invoice opened for editing never share their state.
 */
function Shell() {
  const home = homeFor(useAuth().user);
  return (
    <IonSplitPane contentId="main" when="md">
      <Suspense fallback={null}>
        <Menu />
      </Suspense>
      <div id="main" className="ion-page">
        <Routes>
          <Route path="/folder/login" element={<Navigate to={home} replace />} />
          <Route path="/folder" element={<Navigate to={bareFolder} replace />} />
          {routes.map(({ path, title }) => {
            const Screen = screens[path] ?? placeholderScreen;
            return (
              <Route
                key={path}
                path={`/${path}`}
                element={
                  <Suspense key={path} fallback={<Splash />}>
                    <ErrorBoundary
                      fallback={(retry, error) => (
                        <ScreenFailed
                          error={error}
                          retry={() => {
                            Screen.retry();
                            retry();
                          }}
                        />
                      )}
                    >
                      <Screen title={title} />
                    </ErrorBoundary>
                  </Suspense>
                }
              />
            );
          })}
          <Route path="/" element={<Navigate to={home} replace />} />
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </div>
    </IonSplitPane>
  );
}

export default function SignedInApp() {
  return (
    <IonApp>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </IonApp>
  );
}
