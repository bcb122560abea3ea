import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { NotFoundRoute } from '@/app/routes/not-found';
import { RunRoute } from '@/app/routes/run';
import { ShareRoute } from '@/app/routes/share';
import { SubmitRoute } from '@/app/routes/submit';
import { Layout } from '@/components/ui/layout';

export const routes = [
  {
    element: (
      <Layout>
        <Outlet />
      </Layout>
    ),
    children: [
      { path: '/', element: <SubmitRoute /> },
      { path: '/submit', element: <SubmitRoute /> },
      { path: '/runs/:id', element: <RunRoute /> },
      { path: '/r/:slug', element: <ShareRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
