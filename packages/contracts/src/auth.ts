import { idSchema, requiredText, text } from './common';
import { MSG } from './messages';
import { newPasswordSchema } from './password';
import { permissionSchema, roleSchema, userKindSchema } from './permissions';
import { z } from './zod';

export const loginRequestSchema = z.strictObject({
  username: requiredText(100),
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.tooLong }),
  stayAuthenticated: z.boolean({ error: MSG.invalidValue }).default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** docs/spec.md §3 user context plus what the client needs for guards. */
export const userContextSchema = z.object({
  username: z.string(),
  userId: z.number().int(),
  userFullName: z.string(),
  accountid: z.number().int(),
  accountids: z.array(z.number().int()),
  vkforgid: z.number().int(),
  firmaid: z.number().int(),
  idfirma: z.number().int(),
  permissions: z.array(permissionSchema),
  roles: z.array(roleSchema),
  userKind: userKindSchema,
  contextEditors: z.number().int(),
  /** The user signs in with a one-time password: the app asks for a new one before anything else. */
  mustChangePassword: z.boolean().optional(),
});
export type UserContext = z.infer<typeof userContextSchema>;

/**
 * The claims a device keeps and attaches to claims-related URLs (docs/spec.md §7): the context fields. Fields
 * beyond these are dropped, not refused: a copy kept by an older version must not lock the device out.
 */
export const storedClaimsSchema = z.object({
  username: z.string().min(1).max(100),
  userId: z.number().int().positive(),
  accountid: z.number().int(),
  vkforgid: z.number().int(),
  firmaid: z.number().int(),
  idfirma: z.number().int(),
});
export type StoredClaimsHeader = z.infer<typeof storedClaimsSchema>;

export const accountSchema = z.object({ id: z.number().int(), number: z.string(), name: z.string() });
export type Account = z.infer<typeof accountSchema>;
export const vkforgSchema = z.object({
  id: z.number().int(),
  vkforg: z.string(),
  kurzbezeichnung: z.string(),
  idfirma: z.number().int(),
});
export type Vkforg = z.infer<typeof vkforgSchema>;
export const firmaSchema = z.object({ id: z.number().int(), kurzbezeichnung: z.string() });
export type Firma = z.infer<typeof firmaSchema>;

/** The patched context of docs/spec.md §4: any subset of the three ids. */
export const contextChangeSchema = z
  .strictObject({ accountid: idSchema.optional(), vkforgid: idSchema.optional(), firmaid: idSchema.optional() })
  .refine((v) => v.accountid !== undefined || v.vkforgid !== undefined || v.firmaid !== undefined, {
    message: MSG.required,
  });
export type ContextChange = z.infer<typeof contextChangeSchema>;

export const passwordTokenRequestSchema = z.strictObject({
  username: requiredText(100),
  email: z.email({ error: MSG.invalidEmail }).max(200, { error: MSG.tooLong }),
});
export type PasswordTokenRequest = z.infer<typeof passwordTokenRequestSchema>;

export const passwordResetSchema = z.strictObject({
  username: requiredText(100),
  email: z.email({ error: MSG.invalidEmail }).max(200, { error: MSG.tooLong }),
  token: requiredText(200),
  password: newPasswordSchema,
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.tooLong }),
  password: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Answer of password endpoints: docs/spec.md §8 says a non-true result means failure. */
export const resultSchema = z.object({ result: z.boolean(), message: z.string() });

export const contactFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'email', 'tel']),
  required: z.boolean(),
  maxLength: z.number().int(),
});
export type ContactField = z.infer<typeof contactFieldSchema>;
/** What is wrong with a value of a contact field (required, length, e-mail format), or null: the form and the server ask the same. */
export function contactValueProblem(field: ContactField, value: string): string | null {
  if (field.required && value.trim() === '') return MSG.required;
  if (value.length > field.maxLength) return MSG.tooLong;
  if (field.type === 'email' && value !== '' && !z.email().safeParse(value).success) return MSG.invalidEmail;
  return null;
}
export const contactDefinitionSchema = z.object({
  name: z.literal('userContact'),
  fields: z.array(contactFieldSchema),
});
export type ContactDefinition = z.infer<typeof contactDefinitionSchema>;
export const contactSchema = z.object({
  definition: contactDefinitionSchema,
  values: z.record(z.string(), z.string()),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactPatchSchema = z.record(z.string().max(50), text(200));
export type ContactPatch = z.infer<typeof contactPatchSchema>;

/** The answer to the app's "the person is here" touch: the idle limit that now runs, none when staying signed in. */
export const activityResponseSchema = z.object({ idleSeconds: z.number().nullable() });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
