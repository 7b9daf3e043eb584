import type { AdminAccount, AdminLocation, AdminStore, AdminWarehouse } from '@mde/contracts';

// Rows of the org tables as the admin's stores section shows them (contract types, never raw rows).

export const toAccount = (r: { id: number; firma_id: number; number: string; name: string; version: number }) =>
  ({ id: r.id, firma: r.firma_id, number: r.number, name: r.name, version: r.version }) satisfies AdminAccount;

export const toWarehouse = (r: { id: number; number: string; name: string; version: number }) =>
  ({ id: r.id, number: r.number, name: r.name, version: r.version }) satisfies AdminWarehouse;

export const toStore = (
  r: { id: number; firma_id: number; vkforg: string; kurzbezeichnung: string; version: number },
  warehouses: AdminWarehouse[] = [],
) =>
  ({
    id: r.id,
    firma: r.firma_id,
    vkforg: r.vkforg,
    name: r.kurzbezeichnung,
    version: r.version,
    warehouses,
  }) satisfies AdminStore;

export const toLocation = (r: {
  id: number;
  warehouse_id: number;
  code: string;
  name: string;
  zone: string;
  location_type: 'shelf' | 'pallet' | 'cold';
  barcode: string | null;
  version: number;
}) =>
  ({
    id: r.id,
    warehouseId: r.warehouse_id,
    code: r.code,
    name: r.name,
    zone: r.zone,
    locationType: r.location_type,
    barcode: r.barcode,
    version: r.version,
  }) satisfies AdminLocation;
