import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { catalogFixture, stacksFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient } from '@/testing/test-utils';

function renderApp(path: string) {
  mockFetch({
    'GET /api/v1/stacks': () => jsonResponse(stacksFixture),
    'GET /api/v1/catalog': () => jsonResponse(catalogFixture),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// jsdom cannot load another document: a plain link's default is stopped after the app has seen the click.
function stopDocumentLoads(event: MouseEvent) {
  event.preventDefault();
}

describe('the application routes', () => {
  afterEach(() => window.removeEventListener('click', stopDocumentLoads));

  it.each(['/no-such-page', '/runs/k3x9q2/extra', '/r/k3x9q2/extra', '/leaderboards/echo/plain', '/ci/more'])(
    'shows the not-found page for %s',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Not found — SOAPBench'));
      // Inside the layout, so the way back is in the header.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    },
  );

  it.each([
    ['/', 'Submit a run — SOAPBench'],
    ['/submit', 'Submit a run — SOAPBench'],
    ['/leaderboards', 'Leaderboards — SOAPBench'],
    ['/runs', 'Runs — SOAPBench'],
    ['/projects', 'Projects — SOAPBench'],
    ['/projects/acme/billing?branch=release', 'acme/billing · release — SOAPBench'],
    ['/ci', 'Guard a service from CI — SOAPBench'],
  ])('titles %s "%s"', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('links the header to the CI page in the app and to the API docs outside it', async () => {
    window.addEventListener('click', stopDocumentLoads);
    const router = renderApp('/runs');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const docs = within(nav).getByRole('link', { name: 'API docs' });
    expect(docs).toHaveAttribute('href', '/api/docs');
    fireEvent.click(docs);
    // A page load of the backend's Swagger UI, not a route of this app (which would be "not found").
    expect(router.state.location.pathname).toBe('/runs');

    fireEvent.click(within(nav).getByRole('link', { name: 'CI' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guard a service from CI' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ci');
  });
});
