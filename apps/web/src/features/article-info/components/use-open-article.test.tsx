// @vitest-environment jsdom
import type { ArticleSummary } from '@mde/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenedArticleState } from './use-open-article';

// The server's detail stays on its way: the heading must not wait for it.
vi.mock('../api/article-detail', () => ({
  articleDetailQuery: (vkforgId: number, articleId: number) => ({
    queryKey: ['article-info', 'detail', vkforgId, articleId],
    queryFn: () => new Promise(() => {}),
  }),
}));

const { useOpenArticle } = await import('./use-open-article');

const head = { idartstamm: 42, designation1: 'Vollmilch 3,5 %', number: '4711' } as ArticleSummary;
let open: ReturnType<typeof useOpenArticle> = () => {};

function Opener() {
  open = useOpenArticle(11);
  return <p>Liste</p>;
}

function Detail() {
  const passed = (useLocation().state as OpenedArticleState | null)?.head;
  return <h2>{passed?.designation1}</h2>;
}

afterEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('opening an article from a scan', () => {
  it('draws the detail with its heading in the same task the navigation completes, not as a later transition', async () => {
    const router = createMemoryRouter(
      [
        { path: '/artikel-info', element: <Opener /> },
        { path: '/artikel-info/:id', element: <Detail /> },
      ],
      { initialEntries: ['/artikel-info'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        {/* What react-router/dom's provider (the app's, router.tsx) passes: */}
        <RouterProvider
          router={router}
          flushSync={(fn) => {
            flushSync(fn);
          }}
        />
      </QueryClientProvider>,
    );
    // As in the browser: no act() flushing React's scheduled work for us.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    // Subscribed after the provider: this runs right after the provider has taken the new location.
    const onScreen = new Promise<string | null>((resolve) => {
      router.subscribe((state) => {
        if (state.location.pathname === '/artikel-info/42') {
          resolve(screen.queryByRole('heading', { level: 2 })?.textContent ?? null);
        }
      });
    });
    open(42, head);
    expect(await onScreen).toBe('Vollmilch 3,5 %');
  });
});
