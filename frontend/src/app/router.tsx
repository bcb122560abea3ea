import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { CiRoute } from '@/app/routes/ci';
import { CompareRoute } from '@/app/routes/compare';
import { InteropRoute } from '@/app/routes/interop';
import { InteropRunRoute } from '@/app/routes/interop-run';
import { LeaderboardRoute } from '@/app/routes/leaderboard';
import { LeaderboardsRoute } from '@/app/routes/leaderboards';
import { NotFoundRoute } from '@/app/routes/not-found';
import { ProjectsRoute } from '@/app/routes/projects';
import { RunRoute } from '@/app/routes/run';
import { RunsRoute } from '@/app/routes/runs';
import { ShareRoute } from '@/app/routes/share';
import { StudiesRoute } from '@/app/routes/studies';
import { StudyRoute } from '@/app/routes/study';
import { StudyRunRoute } from '@/app/routes/study-run';
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
      { path: '/runs', element: <RunsRoute /> },
      { path: '/runs/:id', element: <RunRoute /> },
      { path: '/r/:slug', element: <ShareRoute /> },
      { path: '/compare', element: <CompareRoute /> },
      { path: '/studies', element: <StudiesRoute /> },
      { path: '/studies/:id', element: <StudyRoute /> },
      { path: '/study-runs/:id', element: <StudyRunRoute /> },
      { path: '/interop', element: <InteropRoute /> },
      { path: '/interop/:runId', element: <InteropRunRoute /> },
      { path: '/leaderboards', element: <LeaderboardsRoute /> },
      { path: '/leaderboards/:board', element: <LeaderboardRoute /> },
      { path: '/projects', element: <ProjectsRoute /> },
      // The project's name as the rest of the path: /projects/acme/billing?branch=main.
      { path: '/projects/*', element: <ProjectsRoute /> },
      { path: '/ci', element: <CiRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
