import type { UserContext } from '@mde/contracts';
import { mayUseModule } from '@mde/contracts/modules';
import { suppliersQuery } from '../capture/api/suppliers';
import { warehousesQuery } from '../capture/api/warehouses';
import { queryClient } from '../lib/query-client';
import { accountsQuery, firmasQuery, vkforgsQuery } from '../session/context-api';
import { moduleByName } from '../session/guard-decisions';
import { moduleConfigQuery } from '../session/module-config';
import { CAPTURE_MODULE_DEFS } from './capture-modules';

/**
 * Fetches, and so keeps on the device, everything a capture needs besides the article cache: after one
 * online login a whole shift can be counted without network. Runs for every context seen (login, start,
 * context change); what fails now is fetched again next time.
 */
export async function primeDeviceCopies(context: UserContext): Promise<void> {
  const used = CAPTURE_MODULE_DEFS.filter((def) => mayUseModule(context, moduleByName(def.name)));
  const fetches: Promise<unknown>[] = [
    queryClient.fetchQuery(accountsQuery()),
    queryClient.fetchQuery(vkforgsQuery()),
    queryClient.fetchQuery(firmasQuery()),
  ];
  if (used.length > 0) {
    fetches.push(queryClient.fetchQuery(moduleConfigQuery()), queryClient.fetchQuery(warehousesQuery()));
  }
  // A header that names a supplier (Retouren) picks it from the device's copy offline.
  if (used.some((def) => def.headerFields.includes('supplier'))) {
    fetches.push(queryClient.fetchQuery(suppliersQuery(context.vkforgid, '')));
  }
  await Promise.allSettled(fetches);
}
