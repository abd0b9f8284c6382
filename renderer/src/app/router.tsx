/**
 * The route table. Screens are lazy chunks; so are the layouts the sign-in form does not use
 * (the query client's, the signed-in chrome's).
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { auditRoutes } from '../features/audit/audit.routes';
import { GuestOnly, HomeRedirect, preloadSignedIn, RequireAuth } from '../features/auth/guards';
import { catalogRoutes } from '../features/catalog/catalog.routes';
import { currencyRoutes } from '../features/currency/currency.routes';
import { issuesRoutes } from '../features/issues/issues.routes';
import { memosRoutes } from '../features/memos/memos.routes';
import { orderImportRoutes } from '../features/order-import/order-import.routes';
import { ordersRoutes } from '../features/orders/orders.routes';
import { otzOrdersRoutes } from '../features/otz-orders/otz-orders.routes';
import { packingRoutes } from '../features/packing/packing.routes';
import { pickListRoutes } from '../features/pick-list/pick-list.routes';
import { productsRoutes } from '../features/products/products.routes';
import { salesRoutes } from '../features/sales/sales.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { shipmentsRoutes } from '../features/shipments/shipments.routes';
import { simulationsRoutes } from '../features/simulations/simulations.routes';
import { LoadingState } from '../ui/loading-state';
import { lazyScreen, preloadableLazy } from '../ui/route-prefetch';
import { loadQueryClient } from './query-client-loader';
import { RouteProgress } from './route-progress';
import { SplashGate } from './splash';

const QueryLayout = preloadableLazy(() => import('./query-layout'));
const QUERY_LAYOUT = 'query-layout';

const LoginPage = lazyScreen('/auth/login', () => import('../features/auth/login-page'));
const RegistrationPage = lazyScreen('/auth/registration', () => import('../features/auth/registration-page'));
const ForgotPasswordPage = lazyScreen(
  '/auth/forgot-password',
  () => import('../features/auth/forgot-password-page'),
);
const ResetPasswordPage = lazyScreen(
  '/auth/reset-password',
  () => import('../features/auth/reset-password-page'),
);
const LogoutPage = lazy(() => import('../features/auth/logout-page'));
const TermsPage = lazy(() => import('../features/auth/terms-page'));
const NotFound = lazy(() => import('../features/shell/not-found'));
const UsersPage = lazyScreen('/users', () => import('../features/users/users-page'));
const ProfilePage = lazy(() => import('../features/shell/profile-page'));

function RootLayout() {
  return (
    <>
      <RouteProgress />
      <Suspense fallback={<LoadingState fullPage />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // The sign-in form is the one screen outside the query layout (query-layout.tsx).
      {
        path: 'auth/login',
        element: <GuestOnly />,
        children: [
          {
            index: true,
            element: (
              <>
                <SplashGate />
                <LoginPage />
              </>
            ),
          },
        ],
      },
      // The desktop app opens app://kura/index.html.
      { path: 'index.html', element: <Navigate to="/" replace /> },
      {
        id: QUERY_LAYOUT,
        element: <QueryLayout />,
        children: [
          {
            path: 'auth',
            element: <GuestOnly />,
            children: [
              { index: true, element: <Navigate to="/auth/login" replace /> },
              { path: 'registration', element: <RegistrationPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
            ],
          },
          { path: 'terms', element: <TermsPage /> },
          { path: 'logout', element: <LogoutPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <HomeRedirect /> },
          ...settingsRoutes,
          ...catalogRoutes,
          ...currencyRoutes,
          ...productsRoutes,
          ...issuesRoutes,
          ...otzOrdersRoutes,
          ...salesRoutes,
          ...memosRoutes,
          ...auditRoutes,
          ...ordersRoutes,
          ...packingRoutes,
          ...pickListRoutes,
          ...orderImportRoutes,
          ...shipmentsRoutes,
          ...simulationsRoutes,
          { path: 'users', element: <UsersPage /> },
          { path: 'user/profile', element: <ProfilePage /> },
          // Signed out, RequireAuth sends unknown routes to login; signed in, they are a 404.
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Loads what the first render at `path` needs besides its screen (route-prefetch's
 * preloadScreen): the lazy layouts it renders in and the query client they provide, so it
 * shows without a fallback.
 */
export function preloadLayouts(path: string, signedIn: boolean): Promise<unknown> {
  if (signedIn) return Promise.all([preloadSignedIn(), QueryLayout.load(), loadQueryClient()]);
  const inQueryLayout = matchRoutes(routes, path)?.some((m) => m.route.id === QUERY_LAYOUT);
  return inQueryLayout ? Promise.all([QueryLayout.load(), loadQueryClient()]) : Promise.resolve();
}
