/**
 * Set by the app on the requests it makes by itself (badge poll, cache sync, config refresh, outbox retries):
 * only what a person does counts as activity for the idle limit, so these never move the session's deadline.
 * A file of its own, without zod, so the API client on the way to the first screen can import it.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-mde-background';
