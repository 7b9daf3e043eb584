import { z } from './zod';

/** A warehouse (Lager) of the session's vkforg, e.g. for the Inventur start screen (docs/spec.md §2). */
export const warehouseSchema = z.object({ id: z.number().int(), number: z.string(), name: z.string() });
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseListSchema = z.array(warehouseSchema);
