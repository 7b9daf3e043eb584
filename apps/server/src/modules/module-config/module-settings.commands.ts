import { parseArgs } from 'node:util';
import { MODULE_SETTINGS_MSG } from '@mde/contracts';
import type { AdminCommand } from '../../lib/admin-command';
import { refusedAsExitCode } from '../../lib/admin-command-support';
import { operatorActor } from '../audit-log/record-audit';
import { operatorFirma } from '../org/org.service';
import { loadModuleSettings, setModuleSettings } from './module-settings.service';

export const configListCommand: AdminCommand = {
  name: 'config list',
  summary: 'Zeigt die Moduleinstellungen einer Firma mit Wert und erlaubten Werten',
  usage: '--firma <id>',
  async run(context, args) {
    const { values } = parseArgs({ args, options: { firma: { type: 'string' } }, strict: true });
    const firma = await operatorFirma(context, values.firma);
    if (firma === undefined) return 2;
    const settings = await loadModuleSettings(context.database.db, [firma], firma);
    for (const m of settings.modules)
      for (const s of m.settings) {
        const allowed =
          s.kind.type === 'boolean'
            ? 'true|false'
            : s.kind.type === 'choice'
              ? s.kind.options.map((o) => o.value).join('|')
              : `${s.kind.min}–${s.kind.max}`;
        context.out(`${m.module}.${s.key}=${s.value}\t(${allowed})\t${s.label}`);
      }
    return 0;
  },
};

/** `<module>.<key>=<value>`: the module names hold no dot, the value may hold anything. */
const assignment = /^([a-z0-9-]+)\.([A-Z0-9_]+)=(.*)$/s;

export const configSetCommand: AdminCommand = {
  name: 'config set',
  summary: 'Setzt Moduleinstellungen einer Firma (Geräte übernehmen sie beim nächsten Abruf)',
  usage: '--firma <id> <modul>.<SCHLÜSSEL>=<Wert> …',
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      options: { firma: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const firma = await operatorFirma(context, values.firma);
    if (firma === undefined) return 2;
    if (positionals.length === 0) {
      context.err('Keine Einstellung angegeben (<modul>.<SCHLÜSSEL>=<Wert>)');
      return 2;
    }
    const parsed = positionals.map((p) => assignment.exec(p));
    const bad = positionals.find((_, i) => !parsed[i]);
    if (bad !== undefined) {
      context.err(`${bad}: ${MODULE_SETTINGS_MSG.unknownSetting} (Form: <modul>.<SCHLÜSSEL>=<Wert>)`);
      return 2;
    }
    return refusedAsExitCode(context, async () => {
      const db = context.database.db;
      const current = await loadModuleSettings(db, [firma], firma);
      const storedValue = (module: string, key: string) =>
        current.modules.find((m) => m.module === module)?.settings.find((s) => s.key === key)?.value ?? '';
      // The operator sets, whatever is stored: the change is based on the value read just now.
      const changes = parsed.flatMap((m) =>
        m
          ? [{ module: m[1] ?? '', key: m[2] ?? '', value: m[3] ?? '', expected: storedValue(m[1] ?? '', m[2] ?? '') }]
          : [],
      );
      await db.transaction().execute((trx) => setModuleSettings(trx, operatorActor(), [firma], { firma, changes }));
      for (const c of changes) context.out(`${c.module}.${c.key}: ${c.expected} → ${c.value.trim()}`);
      return 0;
    });
  },
};

export const moduleSettingsCommands = [configListCommand, configSetCommand];
