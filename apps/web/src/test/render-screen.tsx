import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';
import { i18n } from '../i18n';

export interface RenderScreenOptions {
  /** Routes of a memory router to render instead of `ui` (the screen under test among them). */
  routes?: RouteObject[];
  /** Where the memory router starts: its history, and the index of the current entry (the last by default). */
  initialEntries?: string[];
  initialIndex?: number;
}

/**
 * A screen or a part of one in what the app wraps it in (app/providers.tsx): German texts, Mantine with the app's
 * theme, and a query client of its own that does not retry; with `routes`, a memory router. For checks of one
 * screen's behaviour that need no browser, below the journeys (docs/testing.md). Component tests run in jsdom
 * (`// @vitest-environment jsdom`).
 */
export function renderScreen(ui: ReactElement | null, options: RenderScreenOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = options.routes
    ? createMemoryRouter(options.routes, {
        initialEntries: options.initialEntries ?? ['/'],
        initialIndex: options.initialIndex ?? (options.initialEntries?.length ?? 1) - 1,
      })
    : undefined;
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          {router ? <RouterProvider router={router} /> : ui}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient, router };
}
