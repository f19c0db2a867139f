import { IonReactRouter } from '@ionic/react-router';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { IonApp, IonContent, IonPage, IonRouterOutlet, IonSplitPane, setupIonicReact } from '../ui/ionic.ts';
import { Splash } from '../ui/Splash.tsx';
import { ui } from './messages.ts';
import { homePath } from './platform.ts';
import { placeholderScreen, routes, screens } from './routes.tsx';

// Ionic is set up once, when the first signed-in screen is drawn (the sign-in page does not use it).
setupIonicReact();

// The menu loads on demand, beside the screen opened.
const Menu = lazy(() => import('../features/shell/Menu.tsx'));

/** A screen that failed to draw: the Arabic message in a page of its own, the menu and other screens still work. */
function ScreenFailed({ retry }: { retry: () => void }) {
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="render-failed" role="alert">
          <p>{ui.renderFailed}</p>
          <button type="button" className="plain-button outline" onClick={retry}>
            {ui.retry}
          </button>
        </div>
      </IonContent>
    </IonPage>
  );
}

/** The signed-in app: the menu beside the routed screens (AuthProvider shows the sign-in page otherwise). */
function Shell() {
  return (
    <IonSplitPane contentId="main" when="md">
      <Suspense fallback={null}>
        <Menu />
      </Suspense>
      <IonRouterOutlet id="main">
        <Routes>
          <Route path="/folder/login" element={<Navigate to={homePath} replace />} />
          {routes.map(({ path, title }) => {
            const Screen = screens[path] ?? placeholderScreen;
            return (
              <Route
                key={path}
                path={`/${path}`}
                element={
                  <Suspense fallback={<Splash />}>
                    <ErrorBoundary fallback={(retry) => <ScreenFailed retry={retry} />}>
                      <Screen title={title} />
                    </ErrorBoundary>
                  </Suspense>
                }
              />
            );
          })}
          <Route path="/" element={<Navigate to={homePath} replace />} />
          <Route path="*" element={<Navigate to={homePath} replace />} />
        </Routes>
      </IonRouterOutlet>
    </IonSplitPane>
  );
}

export default function SignedInApp() {
  return (
    <IonApp>
      <IonReactRouter>
        <Shell />
      </IonReactRouter>
    </IonApp>
  );
}
