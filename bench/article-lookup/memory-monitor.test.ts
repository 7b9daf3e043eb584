import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeMonitor, memoryMonitor } from './memory-monitor';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fake /sys/kernel/mm/damon/admin/kdamonds with the given monitors. */
function admin(monitors: { state: string; sampleUs?: number }[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'damon-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'nr_kdamonds'), `${monitors.length}\n`);
  monitors.forEach((m, i) => {
    const intervals = path.join(dir, String(i), 'contexts/0/monitoring_attrs/intervals');
    fs.mkdirSync(intervals, { recursive: true });
    fs.writeFileSync(path.join(dir, String(i), 'state'), `${m.state}\n`);
    if (m.sampleUs !== undefined) fs.writeFileSync(path.join(intervals, 'sample_us'), `${m.sampleUs}\n`);
  });
  return dir;
}

describe('memoryMonitor', () => {
  it('reads the sampling interval of a monitor that is on', () => {
    const monitor = memoryMonitor(
      admin([
        { state: 'off', sampleUs: 5000 },
        { state: 'on', sampleUs: 500_000 },
      ]),
    );
    expect(monitor).toEqual({ state: 'on', sampleMs: 500 });
    expect(describeMonitor(monitor)).toBe('on, every 500 ms');
  });

  it('says off when every monitor is off', () => {
    expect(memoryMonitor(admin([{ state: 'off', sampleUs: 500_000 }]))).toEqual({ state: 'off' });
  });

  it('says absent without the admin interface or without monitors', () => {
    expect(memoryMonitor(path.join(os.tmpdir(), 'no-such-damon'))).toEqual({ state: 'absent' });
    expect(memoryMonitor(admin([]))).toEqual({ state: 'absent' });
  });

  it('marks runs from before the field as not recorded', () => {
    expect(describeMonitor(undefined)).toBe('not recorded');
  });
});
