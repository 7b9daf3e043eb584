import { z } from './zod';

// The admin's stores section: accounts, stores (vkforgs), warehouses and storage locations of the firmas the
// admin holds. Numbers and names take the same form the org import takes (text, trimmed, up to 20/80 chars).

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} fehlt` })
    .trim()
    .min(1, { error: `${label} fehlt` })
    .max(max, { error: `${label}: höchstens ${max} Zeichen` });
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: höchstens ${max} Zeichen` });
const id = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number({ error: 'Version fehlt' }).int().min(0).max(2_147_483_647);

export const ADMIN_STORES_MSG = {
  storeNumberTaken: 'Diese Verkaufsorganisations-Nummer gibt es in der Firma schon',
  accountNumberTaken: 'Diese Account-Nummer gibt es in der Firma schon',
  warehouseNumberTaken: 'Diese Lager-Nummer gibt es in der Filiale schon',
  locationCodeTaken: 'Diesen Lagerplatz gibt es im Lager schon',
  barcodeTaken: 'Dieser Barcode gehört schon zu einem anderen Lagerplatz der Firma',
} as const;

export const adminIdParamsSchema = z.object({ id });

export const adminStoreInputSchema = z.strictObject({
  vkforg: text(20, 'Nummer'),
  name: text(80, 'Bezeichnung'),
});
export const adminStoreCreateSchema = adminStoreInputSchema.extend({ firma: id });
export const adminStoreUpdateSchema = adminStoreInputSchema.extend({ version });

export const adminAccountInputSchema = z.strictObject({ number: text(20, 'Nummer'), name: text(80, 'Name') });
export const adminAccountCreateSchema = adminAccountInputSchema.extend({ firma: id });
export const adminAccountUpdateSchema = adminAccountInputSchema.extend({ version });

export const adminWarehouseCreateSchema = z.strictObject({ number: text(20, 'Nummer'), name: text(80, 'Name') });
export const adminWarehouseUpdateSchema = adminWarehouseCreateSchema.extend({ version });

export const STORAGE_LOCATION_TYPES = ['shelf', 'pallet', 'cold'] as const;
export const STORAGE_LOCATION_TYPE_LABELS: Record<(typeof STORAGE_LOCATION_TYPES)[number], string> = {
  shelf: 'Regal',
  pallet: 'Palette',
  cold: 'Kühlung',
};
export const adminLocationCreateSchema = z.strictObject({
  code: text(40, 'Lagerplatz'),
  name: text(80, 'Bezeichnung'),
  zone: optionalText(40, 'Zone').default(''),
  locationType: z.enum(STORAGE_LOCATION_TYPES, { error: 'Bitte Regal, Palette oder Kühlung wählen' }).default('shelf'),
  barcode: optionalText(40, 'Barcode')
    .nullable()
    .default(null)
    .transform((v) => v || null),
});
export const adminLocationUpdateSchema = adminLocationCreateSchema.extend({ version });

export const adminWarehouseSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  version: z.number(),
});
export const adminStoreSchema = z.object({
  id: z.number(),
  firma: z.number(),
  vkforg: z.string(),
  name: z.string(),
  version: z.number(),
  warehouses: z.array(adminWarehouseSchema),
});
export const adminAccountSchema = z.object({
  id: z.number(),
  firma: z.number(),
  number: z.string(),
  name: z.string(),
  version: z.number(),
});
export const adminFirmaOrgSchema = z.object({
  id: z.number(),
  name: z.string(),
  accounts: z.array(adminAccountSchema),
  stores: z.array(adminStoreSchema),
});
export const adminOrgSchema = z.object({ firmas: z.array(adminFirmaOrgSchema) });
export const adminLocationSchema = z.object({
  id: z.number(),
  warehouseId: z.number(),
  code: z.string(),
  name: z.string(),
  zone: z.string(),
  locationType: z.enum(STORAGE_LOCATION_TYPES),
  barcode: z.string().nullable(),
  version: z.number(),
});

export type AdminStoreInput = z.infer<typeof adminStoreInputSchema>;
export type AdminAccountInput = z.infer<typeof adminAccountInputSchema>;
export type AdminWarehouseInput = z.infer<typeof adminWarehouseCreateSchema>;
export type AdminLocationInput = z.infer<typeof adminLocationCreateSchema>;
export type AdminWarehouse = z.infer<typeof adminWarehouseSchema>;
export type AdminStore = z.infer<typeof adminStoreSchema>;
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export type AdminOrg = z.infer<typeof adminOrgSchema>;
export type AdminLocation = z.infer<typeof adminLocationSchema>;
