import { IonApp, IonRouterOutlet, IonSpinner, IonSplitPane } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider.tsx';
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
                    <Screen title={title} />
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
