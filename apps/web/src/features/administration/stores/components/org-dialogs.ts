import {
  type AdminAccount,
  type AdminLocation,
  type AdminStore,
  type AdminWarehouse,
  adminAccountInputSchema,
  adminLocationCreateSchema,
  adminStoreInputSchema,
  adminWarehouseCreateSchema,
  STORAGE_LOCATION_TYPE_LABELS,
  STORAGE_LOCATION_TYPES,
} from '@mde/contracts';
import type { TFunction } from 'i18next';
import { type StoresEndpoint, storesEndpoints } from '../api/stores-api';
import type { OrgField } from './org-dialog';

// What each create/edit dialog of the section asks and where it sends it.

export type DialogTarget =
  | { kind: 'account'; firma: number; account?: AdminAccount }
  | { kind: 'store'; firma: number; store?: AdminStore }
  | { kind: 'warehouse'; storeId: number; warehouse?: AdminWarehouse }
  | { kind: 'location'; warehouseId: number; location?: AdminLocation };

export interface DialogSpec {
  title: string;
  fields: OrgField[];
  schema: unknown;
  defaults: Record<string, string>;
  extra: Record<string, unknown>;
  endpoint: StoresEndpoint;
}

export function dialogOf(target: DialogTarget, t: TFunction<'admin-stores'>): DialogSpec {
  const f = (name: string, key = name): OrgField => ({ name, label: t(`fields.${key}`) });
  switch (target.kind) {
    case 'account': {
      const a = target.account;
      return {
        title: t(a ? 'editAccount' : 'newAccount'),
        fields: [f('number'), f('name')],
        schema: adminAccountInputSchema,
        defaults: { number: a?.number ?? '', name: a?.name ?? '' },
        extra: a ? { version: a.version } : { firma: target.firma },
        endpoint: a ? storesEndpoints.updateAccount(a.id) : storesEndpoints.createAccount(),
      };
    }
    case 'store': {
      const s = target.store;
      return {
        title: t(s ? 'editStore' : 'newStore'),
        fields: [f('vkforg'), f('name', 'storeName')],
        schema: adminStoreInputSchema,
        defaults: { vkforg: s?.vkforg ?? '', name: s?.name ?? '' },
        extra: s ? { version: s.version } : { firma: target.firma },
        endpoint: s ? storesEndpoints.updateStore(s.id) : storesEndpoints.createStore(),
      };
    }
    case 'warehouse': {
      const w = target.warehouse;
      return {
        title: t(w ? 'editWarehouse' : 'newWarehouse'),
        fields: [f('number'), f('name')],
        schema: adminWarehouseCreateSchema,
        defaults: { number: w?.number ?? '', name: w?.name ?? '' },
        extra: w ? { version: w.version } : {},
        endpoint: w ? storesEndpoints.updateWarehouse(w.id) : storesEndpoints.createWarehouse(target.storeId),
      };
    }
    case 'location': {
      const l = target.location;
      return {
        title: t(l ? 'editLocation' : 'newLocation'),
        fields: [
          f('code'),
          f('name', 'locationName'),
          f('zone'),
          {
            ...f('locationType'),
            options: STORAGE_LOCATION_TYPES.map((value) => ({ value, label: STORAGE_LOCATION_TYPE_LABELS[value] })),
          },
          f('barcode'),
        ],
        schema: adminLocationCreateSchema,
        defaults: {
          code: l?.code ?? '',
          name: l?.name ?? '',
          zone: l?.zone ?? '',
          locationType: l?.locationType ?? 'shelf',
          barcode: l?.barcode ?? '',
        },
        extra: l ? { version: l.version } : {},
        endpoint: l ? storesEndpoints.updateLocation(l.id) : storesEndpoints.createLocation(target.warehouseId),
      };
    }
  }
}
