import { z } from './zod';

/**
 * The admin area (`/admin`, permission ADMINISTRATION): its sections in menu order. Each section is a folder of
 * `apps/web/src/features/administration/` and a route below `/api/v1/admin/`.
 */
export const ADMIN_SECTIONS = ['users', 'stores', 'module-settings', 'devices', 'integration', 'audit-log'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Every admin API route lives below this path, checks ADMINISTRATION and the firma (see docs/administration.md). */
export const ADMIN_API_PREFIX = '/api/v1/admin/';

export const ADMIN_MSG = {
  firmaNotHeld: 'Diese Firma verwalten Sie nicht',
  notFound: 'Der Eintrag wurde nicht gefunden',
  /** A change based on an older state of the object (its version): the admin reloads and decides again. */
  editedMeanwhile: 'Der Eintrag wurde inzwischen von jemand anderem geändert. Bitte neu laden und erneut ändern.',
} as const;

/** The version an admin's edit is based on (optimistic locking: another version is a 409). */
export const adminVersionSchema = z.coerce.number().int().min(0).max(2_147_483_647);
