import {
  ADMIN_MSG,
  checkModuleSetting,
  MODULE_SETTINGS,
  MODULE_SETTINGS_MSG,
  type ModuleSettings,
  type ModuleSettingsChange,
  settingField,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../audit-log/record-audit';
import { assertFirmaHeld } from '../org/admin-scope';
import * as repo from './module-config.repository';

const currentValues = (rows: { module: string; config_key: string; config_value: string }[]) =>
  new Map(rows.map((r) => [settingField(r.module, r.config_key), r.config_value]));

/** Every module setting of the firma with its current value (the default while none is stored). */
export async function loadModuleSettings(db: Db, firmaIds: readonly number[], firma: number): Promise<ModuleSettings> {
  assertFirmaHeld(firmaIds, firma, 403);
  const current = currentValues(await repo.storedSettings(db, firma));
  return {
    firma,
    modules: MODULE_SETTINGS.map((m) => ({
      module: m.module,
      title: m.title,
      settings: m.settings.map((s) => ({
        ...s,
        kind: s.kind.type === 'choice' ? { ...s.kind, options: [...s.kind.options] } : s.kind,
        value: current.get(settingField(m.module, s.key)) ?? s.defaultValue,
      })),
    })),
  };
}

/**
 * Sets one or many values of a firma; all or none. Each change names the value the admin saw: another current
 * value is a 409 (someone changed it meanwhile). The devices read the rows directly at their next refresh.
 */
export async function setModuleSettings(
  trx: Db,
  actor: AuditActor,
  firmaIds: readonly number[],
  change: ModuleSettingsChange,
): Promise<void> {
  assertFirmaHeld(firmaIds, change.firma, 403);
  const fields: Record<string, string> = {};
  const checked = change.changes.map((c) => {
    const result = checkModuleSetting(c.module, c.key, c.value);
    if ('error' in result) fields[settingField(c.module, c.key)] = result.error;
    return { ...c, value: 'value' in result ? result.value : c.value };
  });
  if (Object.keys(fields).length > 0)
    throw new AppError(400, 'VALIDATION', Object.values(fields)[0] ?? MODULE_SETTINGS_MSG.unknownSetting, fields);
  // Two admins saving the same firma at once: the second waits here and then compares with the first's values.
  await repo.lockFirmaSettings(trx, change.firma);
  const current = currentValues(await repo.storedSettings(trx, change.firma, true));
  for (const c of checked) {
    const defaultValue = MODULE_SETTINGS.find((m) => m.module === c.module)?.settings.find(
      (s) => s.key === c.key,
    )?.defaultValue;
    const before = current.get(settingField(c.module, c.key)) ?? defaultValue;
    const expected = checkModuleSetting(c.module, c.key, c.expected);
    if (before !== ('value' in expected ? expected.value : c.expected))
      throw new AppError(409, 'EDITED_MEANWHILE', ADMIN_MSG.editedMeanwhile, {
        [settingField(c.module, c.key)]: ADMIN_MSG.editedMeanwhile,
      });
    if (before === c.value) continue;
    await repo.upsertSetting(trx, change.firma, c.module, c.key, c.value);
    await recordAudit(trx, {
      actor,
      action: 'module-config.set',
      objectType: 'module-config',
      objectId: settingField(c.module, c.key),
      firmaId: change.firma,
      before: { module: c.module, key: c.key, value: before },
      after: { module: c.module, key: c.key, value: c.value },
    });
  }
}
