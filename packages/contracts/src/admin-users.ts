import { adminVersionSchema } from './administration';
import { idSchema, intTextSchema, requiredText, text } from './common';
import { MSG } from './messages';
import { permissionSchema, roleSchema, userKindSchema } from './permissions';
import { z } from './zod';

/** The users section of the admin area (`/admin/users`, API `/api/v1/admin/users`). */
export const ADMIN_USERS_MSG = {
  usernameTaken: 'Dieser Benutzername ist bereits vergeben',
  usernameFormat: 'Nur Buchstaben, Ziffern sowie . _ - @ (höchstens 100 Zeichen)',
  contextAccountNotGiven: 'Das Standard-Konto muss unter den Konten des Benutzers sein',
  contextVkforgNotGiven: 'Die Standard-Verkaufsorganisation muss unter den Verkaufsorganisationen des Benutzers sein',
  contextFirmaMismatch:
    'Die Standard-Firma muss die Firma des Standard-Kontos und der Standard-Verkaufsorganisation sein',
  accountRequired: 'Bitte mindestens ein Konto wählen',
  vkforgRequired: 'Bitte mindestens eine Verkaufsorganisation wählen',
  unknownAccount: 'Dieses Konto gibt es nicht oder Sie verwalten es nicht',
  unknownVkforg: 'Diese Verkaufsorganisation gibt es nicht oder Sie verwalten sie nicht',
  ownAdministration: 'Sie können sich die Berechtigung Administration nicht selbst entziehen',
  ownDisable: 'Sie können sich nicht selbst deaktivieren',
  lastAdmin:
    'Der letzte aktive Administrator einer Firma kann weder deaktiviert werden noch die Berechtigung Administration verlieren',
  alreadyDisabled: 'Der Benutzer ist bereits deaktiviert',
  alreadyEnabled: 'Der Benutzer ist bereits aktiv',
  externalNoPassword: 'Externe Benutzer melden sich nicht mit einem Passwort dieses Systems an',
  noEmail: 'Der Benutzer hat keine E-Mail-Adresse',
  /** Login answer of a disabled user. */
  userDisabled: 'Ihr Benutzer ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
  resetMailSent: 'Die E-Mail zum Zurücksetzen des Passworts wurde gesendet',
  unlocked: 'Die Anmeldesperre wurde aufgehoben',
  /** 403 FIRMA_NOT_HELD: the user also works in a firma the admin does not manage. */
  otherFirmasUser:
    'Dieser Benutzer arbeitet auch in einer Firma, die Sie nicht verwalten. Ändern kann ihn nur, wer alle seine Firmen verwaltet.',
} as const;

const idList = z.array(idSchema, { error: MSG.invalidValue }).max(200, { error: MSG.tooLong });

/** Names as the login takes them: no spaces, so a name is never mistaken for another. */
export const adminUsernameSchema = requiredText(100).regex(/^[\p{L}\d._@-]+$/u, {
  error: ADMIN_USERS_MSG.usernameFormat,
});

/** Create and edit take the same fields; the context must lie among the given accounts and vkforgs. */
export const adminUserInputSchema = z.strictObject({
  username: adminUsernameSchema,
  fullName: requiredText(200),
  email: z.union([z.literal(''), z.email({ error: MSG.invalidEmail }).max(200, { error: MSG.tooLong })], {
    error: MSG.invalidEmail,
  }),
  kind: userKindSchema,
  permissions: z.array(permissionSchema, { error: MSG.invalidValue }).max(50),
  roles: z.array(roleSchema, { error: MSG.invalidValue }).max(20).default([]),
  accountIds: idList.min(1, { error: ADMIN_USERS_MSG.accountRequired }),
  vkforgIds: idList.min(1, { error: ADMIN_USERS_MSG.vkforgRequired }),
  accountId: idSchema,
  vkforgId: idSchema,
  firmaId: idSchema,
});
export type AdminUserInput = z.infer<typeof adminUserInputSchema>;

export const adminUserUpdateSchema = adminUserInputSchema.extend({ version: adminVersionSchema });

/** A change that needs nothing but the version it is based on (disable, enable). */
export const adminUserVersionBodySchema = z.strictObject({ version: adminVersionSchema });

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  kind: userKindSchema,
  permissions: z.array(z.string()),
  roles: z.array(z.string()),
  accountIds: z.array(z.number().int()),
  vkforgIds: z.array(z.number().int()),
  accountId: z.number().int(),
  vkforgId: z.number().int(),
  firmaId: z.number().int(),
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_STATUSES = ['active', 'disabled'] as const;
export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUserListQuerySchema = z.strictObject({
  q: text(100).optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: MSG.invalidValue }).optional(),
  permission: permissionSchema.optional(),
  vkforg: intTextSchema(1, 2_147_483_647).optional(),
  page: intTextSchema(1, 100_000).default(1),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export type AdminUserListFilter = z.output<typeof adminUserListQuerySchema>;

export const adminUserListSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** The one-time password: shown once, never stored in clear. */
export const adminOneTimePasswordSchema = z.object({ password: z.string(), user: adminUserSchema });
export const adminUserMessageSchema = z.object({ message: z.string(), user: adminUserSchema });
