import { parseArgs } from 'node:util';
import { DEVICE_STALE_HOURS } from '@mde/contracts';
import type { AdminCommand } from '../../lib/admin-command';
import { listAllFirmaIds } from './devices.repository';
import { listDevices } from './devices.service';

const when = (value: string | null) => (value ? value.slice(0, 16).replace('T', ' ') : '–');

/** Columns padded to their widest cell, so the list reads as a table on a terminal. */
export function formatTable(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

export const deviceListCommand: AdminCommand = {
  name: 'device list',
  summary: `Listet die Geräte mit letztem Kontakt, App-Version, wartenden und nicht übertragbaren Änderungen; --stale nur die seit über ${DEVICE_STALE_HOURS} h stillen mit Änderungen`,
  usage: '[--stale]',
  async run(context, args) {
    let staleOnly: boolean;
    try {
      staleOnly = parseArgs({ args, options: { stale: { type: 'boolean' } }, strict: true }).values.stale === true;
    } catch {
      context.err('Aufruf: device list [--stale]');
      return 2;
    }
    const db = context.database.db;
    // The operator acts for the whole installation: every firma's devices.
    const devices = await listDevices(db, await listAllFirmaIds(db), { filter: staleOnly ? 'stale' : 'all' });
    if (devices.length === 0) {
      context.out(staleOnly ? 'Keine veralteten Geräte.' : 'Noch kein Gerät hat sich gemeldet.');
      return 0;
    }
    const header = [
      'Gerät',
      'Benutzer',
      'Firma',
      'Letzter Kontakt',
      'Version',
      'Wartend',
      'Nicht übertr.',
      'Artikeldaten',
      'Status',
    ];
    const rows = devices.map((d) => [
      d.deviceId,
      d.user.username,
      String(d.firmaId),
      when(d.lastContactAt),
      d.appVersion,
      String(d.waiting),
      String(d.setAside),
      when(d.cacheRefreshedAt),
      d.stale ? 'VERALTET' : 'ok',
    ]);
    for (const line of formatTable([header, ...rows])) context.out(line);
    return 0;
  },
};
