import { Suspense, useEffect } from 'react';
import { createHashRouter, Navigate, RouterProvider, useLocation, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, type AppRoute } from './routes';
import { RouteGuard } from './RouteGuard';
import { Layout } from './layout/Layout';
import { progress } from '../ui/progress';
import { Carregando } from '../ui/Carregando';
import { numerarEntradasDoNavegador } from './entradasDoNavegador';


function PageFallback() {
  // Lazy pages load through the same progress bar as HTTP calls.
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return <Carregando h={200} />;
}

function Titled({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    document.title = `${t(route.titleKey)} — ${t('global.title')}`;
  }, [t, route.titleKey, location.pathname]);
  const Page = route.page;
  return (
    <RouteGuard route={route}>
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    </RouteGuard>
  );
}

const lembrarIndice = numerarEntradasDoNavegador();
const router = createHashRouter([
  {
    element: (
      <Layout>
        <Outlet />
      </Layout>
    ),
    children: [
      ...ROUTES.map((r) => ({ path: r.path === '' ? '/' : r.path, element: <Titled route={r} /> })),
      { path: '*', element: <NotFound /> },
    ],
  },
]);

router.subscribe(() => lembrarIndice((window.history.state as { idx?: unknown } | null)?.idx));

function NotFound() {
  return <Navigate to="/error" replace state={{ notFound: true }} />;
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
