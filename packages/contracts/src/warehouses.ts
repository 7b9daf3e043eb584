import { z } from './zod';

/** A warehouse (Lager) of the session's vkforg, e.g. for the Inventur start screen (docs/spec.md §2). */
export const warehouseSchema = z.object({ id: z.number().int(), number: z.string(), name: z.string() });
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseListSchema = z.array(warehouseSchema);

/**
 * A storage location (Lagerort) of a warehouse as a count scans it: the code its lines carry (aisle-shelf-level,
 * e.g. '01-03-2'), its name in words ('Gang 01, Regal 03, Ebene 2') and the barcode on its shelf label.
 */
export const warehouseLocationSchema = z.object({ code: z.string(), name: z.string(), barcode: z.string().nullable() });
export type WarehouseLocation = z.infer<typeof warehouseLocationSchema>;
export const warehouseLocationListSchema = z.array(warehouseLocationSchema);
