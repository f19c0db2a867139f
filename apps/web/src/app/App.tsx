import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { IonApp, IonContent, IonPage, IonRouterOutlet, IonSpinner, IonSplitPane } from '../ui/ionic.ts';
import { ui } from './messages.ts';
import { homePath } from './platform.ts';
import { queryClient } from './queryClient.ts';
import { placeholderScreen, routes, screens } from './routes.tsx';

// Even the sign-in page and the menu load on demand: the first load holds only the shell.
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const Menu = lazy(() => import('../features/shell/Menu.tsx'));

function Loading() {
  return (
    <div className="app-loading" role="status" aria-label={ui.loadingApp}>
      <IonSpinner name="bubbles" />
    </div>
  );
}

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

/** Every route but the sign-in page needs a signed-in user (the seed guarded only folder/sales). */
function Guarded({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'checking') return <Loading />;
  if (status === 'signedOut') return <Navigate to="/folder/login" replace />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

function Shell() {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  return (
    <IonSplitPane contentId="main" when="md" disabled={!signedIn}>
      {signedIn && (
        <Suspense fallback={null}>
          <Menu />
        </Suspense>
      )}
      <IonRouterOutlet id="main">
        <Routes>
          <Route
            path="/folder/login"
            element={
              status === 'signedIn' ? (
                <Navigate to={homePath} replace />
              ) : (
                <Suspense fallback={<Loading />}>
                  <LoginPage />
                </Suspense>
              )
            }
          />
          {routes.map(({ path, title }) => {
            const Screen = screens[path] ?? placeholderScreen;
            return (
              <Route
                key={path}
                path={`/${path}`}
                element={
                  <Guarded>
                    <ErrorBoundary fallback={(retry) => <ScreenFailed retry={retry} />}>
                      <Screen title={title} />
                    </ErrorBoundary>
                  </Guarded>
                }
              />
            );
          })}
          <Route path="/" element={<Navigate to="/folder/sales" replace />} />
          <Route path="*" element={<Navigate to="/folder/sales" replace />} />
        </Routes>
      </IonRouterOutlet>
    </IonSplitPane>
  );
}

export function App() {
  return (
    <IonApp>
      <QueryClientProvider client={queryClient}>
        <IonReactRouter>
          <AuthProvider>
            <Shell />
          </AuthProvider>
        </IonReactRouter>
      </QueryClientProvider>
    </IonApp>
  );
}
