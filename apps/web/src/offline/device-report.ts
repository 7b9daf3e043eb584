import { DEVICE_REPORT_INTERVAL_MS, DEVICE_REPORT_PATH, type DeviceReport } from '@mde/contracts';

/** Where a report's figures come from; the real ones are wired in device-report-start.ts. */
export interface DeviceReportSources {
  appVersion: string;
  deviceId(): Promise<string>;
  /** The signed-in user and their vkforg; null while no one is signed in (nothing is reported). */
  session(): { userId: number; vkforgId: number } | null;
  /** Changes of this user waiting to be sent, and those the server refused (kept as „Nicht übertragbar“). */
  counts(owner: number): Promise<{ waiting: number; setAside: number }>;
  /** When this vkforg's article cache was last refreshed (full or delta), null while it has none. */
  cacheRefreshedAt(vkforgId: number): Promise<string | null>;
  send(report: DeviceReport): Promise<void>;
}

export type DeviceChangeCounter = (owner: number) => Promise<{ waiting: number; setAside: number }>;
const counters = new Set<DeviceChangeCounter>();

/** A module's own outbox adds its waiting and set-aside changes of the user to the device's report. */
export function addDeviceChangeCounter(counter: DeviceChangeCounter): void {
  counters.add(counter);
}

/** The changes of every module outbox that has added itself. */
export async function countModuleChanges(owner: number): Promise<{ waiting: number; setAside: number }> {
  const all = await Promise.all([...counters].map((count) => count(owner)));
  return all.reduce((sum, c) => ({ waiting: sum.waiting + c.waiting, setAside: sum.setAside + c.setAside }), {
    waiting: 0,
    setAside: 0,
  });
}

export const DEVICE_REPORT_URL = DEVICE_REPORT_PATH.replace(/^\/api/, '');

/** Builds and sends one report; false when no one is signed in or the server was not reached. */
export async function reportDevice(sources: DeviceReportSources): Promise<boolean> {
  const session = sources.session();
  if (!session) return false;
  try {
    const [deviceId, counts, cacheRefreshedAt] = await Promise.all([
      sources.deviceId(),
      sources.counts(session.userId),
      sources.cacheRefreshedAt(session.vkforgId),
    ]);
    await sources.send({ deviceId, appVersion: sources.appVersion, ...counts, cacheRefreshedAt });
    return true;
  } catch {
    // Offline or the server away: the next contact reports the then current figures.
    return false;
  }
}

export interface DeviceReporterOptions {
  sources: DeviceReportSources;
  isOnline(): boolean;
  /** Calls back after each sync with the server (the device contacts it anyway: report right after). */
  onSync(listener: () => void): () => void;
  onOnline(listener: () => void): () => void;
}

/**
 * Reports at start, at least once a minute while online, on reconnect and after every sync; one report at a
 * time (a request during one is folded into one more right after it). Answers a stop function.
 */
export function startDeviceReporter(options: DeviceReporterOptions): () => void {
  let running: Promise<unknown> | null = null;
  let again = false;
  const report = () => {
    if (!options.isOnline()) return;
    if (running) {
      again = true;
      return;
    }
    running = reportDevice(options.sources).finally(() => {
      running = null;
      if (again) {
        again = false;
        report();
      }
    });
  };
  report();
  const timer = setInterval(report, DEVICE_REPORT_INTERVAL_MS);
  const offSync = options.onSync(report);
  const offOnline = options.onOnline(report);
  return () => {
    clearInterval(timer);
    offSync();
    offOnline();
  };
}
