import { idSchema, idTextSchema, intTextSchema } from './common';
import { MSG } from './messages';
import { quantityInputSchema } from './quantities';
import { z } from './zod';

/** Lagerplatz-Artikel: German sentences the server sends and the screens show. */
export const STORAGE_MSG = {
  locationNotFound: 'Der Lagerplatz wurde nicht gefunden',
  articleNotFound: 'Der Artikel wurde nicht gefunden',
  notAssigned: 'Der Artikel ist diesem Lagerplatz nicht zugeordnet',
  alreadyAssigned: 'Der Artikel ist diesem Lagerplatz bereits zugeordnet',
  versionConflict:
    'Die Zuordnung wurde inzwischen von einem anderen Benutzer geändert. Bitte prüfen Sie die aktuellen Werte',
  notNegative: 'Der Wert darf nicht negativ sein',
  tooLarge: 'Der Wert ist zu groß',
  decimals: 'Höchstens drei Nachkommastellen',
  minAboveMax: 'Der Mindestbestand darf nicht größer als der Höchstbestand sein',
} as const;

export const LOCATION_TYPES = ['shelf', 'pallet', 'cold'] as const;
export const locationTypeSchema = z.enum(LOCATION_TYPES);

/** numeric(12, 3) in the database: at most 999,999,999.999 and three decimals. */
export const ASSIGNMENT_QUANTITY_MAX = 999_999_999.999;

export const assignmentQuantitySchema = quantityInputSchema({
  max: ASSIGNMENT_QUANTITY_MAX,
  messages: { notNegative: STORAGE_MSG.notNegative, tooLarge: STORAGE_MSG.tooLarge, decimals: STORAGE_MSG.decimals },
});

export interface AssignmentValues {
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
}

/**
 * The rule both sides apply to an assignment's figures: each non-negative (the schema), and the minimum
 * never above the maximum. Answers field → German message; empty when the values may be stored.
 */
export function assignmentLimitIssues(values: AssignmentValues): Partial<Record<keyof AssignmentValues, string>> {
  const issues: Partial<Record<keyof AssignmentValues, string>> = {};
  for (const key of ['quantity', 'minQuantity', 'maxQuantity'] as const) {
    const parsed = assignmentQuantitySchema.safeParse(values[key]);
    if (!parsed.success) issues[key] = parsed.error.issues[0]?.message ?? MSG.invalidValue;
  }
  if (!issues.minQuantity && !issues.maxQuantity && values.minQuantity > values.maxQuantity) {
    issues.minQuantity = STORAGE_MSG.minAboveMax;
  }
  return issues;
}

/** Below its minimum: the list highlights it (what to refill first). */
export const isBelowMin = (a: { quantity: number; minQuantity: number }) => a.quantity < a.minQuantity;

export const storageLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  zone: z.string(),
  type: locationTypeSchema,
  barcode: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseNumber: z.string(),
  warehouseName: z.string(),
  articleCount: z.number().int(),
  belowMinCount: z.number().int(),
});
export type StorageLocation = z.infer<typeof storageLocationSchema>;

export const assignedArticleSchema = z.object({
  articleId: z.number().int(),
  number: z.string(),
  designation1: z.string(),
  designation2: z.string(),
  baseUnit: z.string(),
});
export type AssignedArticle = z.infer<typeof assignedArticleSchema>;

export const assignmentSchema = assignedArticleSchema.extend({
  locationId: z.number().int(),
  quantity: z.number(),
  minQuantity: z.number(),
  maxQuantity: z.number(),
  /** Optimistic concurrency: an edit names the version it started from. */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const locationDetailSchema = z.object({
  location: storageLocationSchema,
  assignments: z.array(assignmentSchema),
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

/** One article seen from one location: assigned (with its figures) or not yet. */
export const locationProductSchema = z.object({
  location: storageLocationSchema,
  article: assignedArticleSchema,
  assignment: assignmentSchema.nullable(),
});
export type LocationProduct = z.infer<typeof locationProductSchema>;

/** Everything of the session's vkforg, for the device's copy (offline). */
export const storageSnapshotSchema = z.object({
  locations: z.array(storageLocationSchema),
  assignments: z.array(assignmentSchema),
});
export type StorageSnapshot = z.infer<typeof storageSnapshotSchema>;

export const locationParamsSchema = z.strictObject({ id: idTextSchema });
export const locationArticleParamsSchema = z.strictObject({ id: idTextSchema, articleId: idTextSchema });

export const assignmentValuesSchema = z.strictObject({
  quantity: assignmentQuantitySchema,
  minQuantity: assignmentQuantitySchema,
  maxQuantity: assignmentQuantitySchema,
});
export const createAssignmentSchema = assignmentValuesSchema.extend({ articleId: idSchema });
export type CreateAssignment = z.infer<typeof createAssignmentSchema>;
export const updateAssignmentSchema = assignmentValuesSchema.extend({
  version: z.number({ error: MSG.invalidValue }).int({ error: MSG.invalidValue }).min(1).max(2_147_483_647),
});
export type UpdateAssignment = z.infer<typeof updateAssignmentSchema>;
export const deleteAssignmentQuerySchema = z.strictObject({
  version: intTextSchema(1, 2_147_483_647),
});

/** A client-generated key per change: the offline outbox may send a change again, it is applied once. */
export const CHANGE_KEY_HEADER = 'idempotency-key';
