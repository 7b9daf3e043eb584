import type { UserContext } from '@mde/contracts';
import { mayUseModule } from '@mde/contracts/modules';
import { suppliersQuery } from '../capture/api/suppliers';
import { warehousesQuery } from '../capture/api/warehouses';
import { queryClient } from '../lib/query-client';
import { accountsQuery, firmasQuery, vkforgsQuery } from '../session/context-api';
import { moduleByName } from '../session/guard-decisions';
import { moduleConfigQuery } from '../session/module-config';

/**
 * Fetches, and so keeps on the device, everything a capture needs besides the article cache: after one
 * online login a whole shift can be counted without network. Runs for every context seen (login, start,
 * context change); what fails now is fetched again next time.
 */
export async function primeDeviceCopies(context: UserContext): Promise<void> {
  const captures = ['order-proposal', 'ordering', 'inventory-count', 'returns', 'article-stock'] as const;
  const usesCaptures = captures.some((name) => mayUseModule(context, moduleByName(name)));
  const fetches: Promise<unknown>[] = [
    queryClient.fetchQuery(accountsQuery()),
    queryClient.fetchQuery(vkforgsQuery()),
    queryClient.fetchQuery(firmasQuery()),
  ];
  if (usesCaptures) {
    fetches.push(queryClient.fetchQuery(moduleConfigQuery()), queryClient.fetchQuery(warehousesQuery()));
  }
  if (mayUseModule(context, moduleByName('returns'))) {
    fetches.push(queryClient.fetchQuery(suppliersQuery(context.vkforgid, '')));
  }
  await Promise.allSettled(fetches);
}
