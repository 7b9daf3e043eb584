import type { ArticleCachePage } from '@mde/contracts';
import { BACKGROUND_REQUEST_HEADER } from '@mde/contracts/background-request';
import { cachePagePath } from './page-request';
import type { FetchPage } from './sync';

/** A page the server refused (status and body as sent) or could not be reached for (status 0). */
export class PageRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Artikel-Cache: Seite abgelehnt (${status})`);
    this.name = 'PageRefused';
  }
}

/**
 * The sync worker's page download: the same request apiFetch makes (session cookie, JSON), parsed in the
 * worker. The page's own API client is not loaded there, so a refusal goes back as status and body and the page
 * decides what it means (a 401 ends the session there).
 */
export const workerFetchPage =
  (baseUrl: string): FetchPage =>
  async (request, signal) => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${cachePagePath(request)}`, {
        // The cache sync is the app's own work: it never counts as the person's activity for the idle limit.
        headers: { accept: 'application/json', [BACKGROUND_REQUEST_HEADER]: '1' },
        credentials: 'include',
        signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new PageRefused(0, undefined);
    }
    if (!response.ok) throw new PageRefused(response.status, await response.json().catch(() => undefined));
    return (await response.json()) as ArticleCachePage;
  };
