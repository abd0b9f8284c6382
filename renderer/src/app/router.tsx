/** The route table. Screens are lazy chunks; the guards and layouts are not. */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { GuestOnly, HomeRedirect, RequireAuth } from '../features/auth/guards';
import { auditRoutes } from '../features/audit/audit.routes';
import { memoRoutes } from '../features/memo/memo.routes';
import { orderImportRoutes } from '../features/order-import/order-import.routes';
import { ordersRoutes } from '../features/orders/orders.routes';
import { productsRoutes } from '../features/products/products.routes';
import { requestsRoutes } from '../features/requests/requests.routes';
import { salesRoutes } from '../features/sales/sales.routes';
import { otzRoutes } from '../features/otz/otz.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { shipmentsRoutes } from '../features/shipments/shipments.routes';
import { simulatorRoutes } from '../features/simulator/simulator.routes';
import { LoadingState } from './loading-state';
import { lazyScreen } from './route-prefetch';
import { RouteProgress } from './route-progress';
import { SplashGate } from './splash';

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
        <SplashGate />
        <Outlet />
      </Suspense>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: 'auth',
        element: <GuestOnly />,
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'registration', element: <RegistrationPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      { path: 'terms', element: <TermsPage /> },
      { path: 'logout', element: <LogoutPage /> },
      // The desktop app opens app://kura/index.html.
      { path: 'index.html', element: <Navigate to="/" replace /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <HomeRedirect /> },
          ...settingsRoutes,
          ...productsRoutes,
          ...requestsRoutes,
          ...otzRoutes,
          ...salesRoutes,
          ...memoRoutes,
          ...auditRoutes,
          ...ordersRoutes,
          ...orderImportRoutes,
          ...shipmentsRoutes,
          ...simulatorRoutes,
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
