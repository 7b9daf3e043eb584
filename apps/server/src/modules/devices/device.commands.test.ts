import { DEVICE_STALE_HOURS } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../test/run-admin-command';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const run = (args: string[]) => runAdminCommand(t.app, ['device', 'list', ...args]);

describe('npm run admin -- device list', () => {
  it('says so when no device has reported', async () => {
    expect((await run([])).out).toEqual(['Noch kein Gerät hat sich gemeldet.']);
  });

  it('prints a table of every firma’s devices, stale first; --stale only those', async () => {
    const old = new Date(Date.now() - (DEVICE_STALE_HOURS + 2) * 3_600_000).toISOString();
    await sql`insert into device_status (device_id, user_id, firma_id, vkforg_id, app_version, waiting, set_aside, last_contact_at)
      select 'web-cli-fresh', id, 1, 11, '25.4.0', 0, 0, now() from app_user where username = 'filiale'
      union all
      select 'web-cli-old', id, 2, 21, '25.3.9', 3, 1, ${old}::timestamptz from app_user where username = 'demo'`.execute(
      t.db,
    );
    const all = await run([]);
    expect(all.code).toBe(0);
    expect(all.out[0]).toMatch(/^Gerät\s+Benutzer\s+Firma\s+Letzter Kontakt/);
    expect(all.out[1]).toMatch(/^web-cli-old\s+demo\s+2\s+.*25\.3\.9\s+3\s+1\s+.*VERALTET$/);
    expect(all.out[2]).toMatch(/^web-cli-fresh\s+filiale\s+1\s+.*ok$/);
    // Aligned: every row's second column starts at the same place.
    expect(new Set(all.out.map((l) => l.search(/ (Benutzer|demo|filiale)/))).size).toBe(1);

    const stale = await run(['--stale']);
    expect(stale.out).toHaveLength(2);
    expect(stale.out[1]).toContain('web-cli-old');
  });

  it('refuses unknown flags', async () => {
    const res = await run(['--alle']);
    expect(res.code).toBe(2);
    expect(res.err).toEqual(['Aufruf: device list [--stale]']);
  });
});
