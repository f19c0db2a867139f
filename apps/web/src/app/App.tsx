import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider.tsx';
import { Splash } from '../ui/Splash.tsx';
import { queryClient } from './queryClient.ts';

// The sign-in page is plain React and CSS; Ionic, the router and the screens come with the signed-in app, so a
// cashier's phone draws the sign-in page without them (the first-load budget holds each to its size).
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const SignedInApp = lazy(() => import('./SignedInApp.tsx'));

function Root() {
  const { status } = useAuth();
  if (status === 'checking') return <Splash />;
  return <Suspense fallback={<Splash />}>{status === 'signedIn' ? <SignedInApp /> : <LoginPage />}</Suspense>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Root />
      </AuthProvider>
    </QueryClientProvider>
  );
}
