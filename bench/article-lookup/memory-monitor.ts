import fs from 'node:fs';
import path from 'node:path';

// The kernel's memory monitor (DAMON) on the bench machine checks pages of physical memory every 500 ms, and
// each pass stalls the server, the database and the load generator together for 6–24 ms (notes.md, session
// 11). The lookup tail depends on it, so every run records whether it was on.

export interface MemoryMonitor {
  /** 'absent' where the kernel has no DAMON admin interface, or it runs no monitor. */
  state: 'on' | 'off' | 'absent';
  /** Sampling interval of the first monitor that is on, in ms. */
  sampleMs?: number;
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

export function memoryMonitor(admin = '/sys/kernel/mm/damon/admin/kdamonds'): MemoryMonitor {
  const count = Number(read(path.join(admin, 'nr_kdamonds')) ?? 0);
  if (!(count > 0)) return { state: 'absent' };
  for (let i = 0; i < count; i++) {
    const monitor = path.join(admin, String(i));
    if (read(path.join(monitor, 'state')) !== 'on') continue;
    const sampleUs = Number(read(path.join(monitor, 'contexts/0/monitoring_attrs/intervals/sample_us')));
    return Number.isFinite(sampleUs) && sampleUs > 0 ? { state: 'on', sampleMs: sampleUs / 1000 } : { state: 'on' };
  }
  return { state: 'off' };
}

export function describeMonitor(monitor: MemoryMonitor | undefined) {
  if (!monitor) return 'not recorded';
  if (monitor.state === 'on') return monitor.sampleMs ? `on, every ${monitor.sampleMs} ms` : 'on';
  return monitor.state;
}
