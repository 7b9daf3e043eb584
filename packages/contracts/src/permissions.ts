import { z } from './zod';

// docs/spec.md §6 names BESTELLUNG … SOFTAPPS.DELIVERY_NOTE_EDIT and, as the project's choice, the four the
// original requirements left open.
export const PERMISSIONS = [
  'BESTELLVORSCHLAG',
  'BESTELLUNG',
  'INVENTUR',
  'WARENVERPROBUNG',
  'RETOUREN',
  'ARTIKELINFO',
  'GUTSCHEINKARTE',
  'ARTIKELVORRAT',
  'SOFTAPPS.DELIVERY_NOTE_EDIT',
  // The admin area (users, stores, module settings, devices, integration, audit log); see docs/administration.md.
  'ADMINISTRATION',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

export const ROLES = ['ROLE_LOCATIONASSIGNMENT_SERVICE'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const USER_KINDS = ['internal', 'external'] as const;
export const userKindSchema = z.enum(USER_KINDS);
export type UserKind = z.infer<typeof userKindSchema>;
