import type { ModuleConfig } from '@mde/contracts';
import type { Db } from '../../db/database';
import { listModuleConfig } from './module-config.repository';

/** docs/spec.md §3: the firma's modules, each with its key/value properties. */
export async function loadModuleConfig(db: Db, firmaId: number): Promise<ModuleConfig> {
  const rows = await listModuleConfig(db, firmaId);
  const byModule = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const properties = byModule.get(row.module) ?? {};
    properties[row.config_key] = row.config_value;
    byModule.set(row.module, properties);
  }
  return { modules: [...byModule].map(([module, properties]) => ({ module, properties })) };
}
