import {
  type Broadcast,
  buildCommand,
  DW,
  profileConfig,
  RESULT_ACTION,
  SCAN_DATA,
  SCAN_LABEL_TYPE,
} from './datawedge-commands';

/** The Capacitor plugin the native shell registers as `DataWedge` (sends and receives Android broadcasts). */
export interface DataWedgePlugin {
  sendBroadcast(b: Broadcast): Promise<void>;
  addListener(
    event: 'broadcast',
    cb: (b: Broadcast) => void,
  ): Promise<{ remove: () => Promise<void> }> | { remove: () => Promise<void> };
}

export interface DataWedgeBridge {
  available: boolean;
  createProfile(name: string): Promise<void>;
  deleteProfile(name: string): Promise<void>;
  switchProfile(name: string): Promise<void>;
  getConfig(query: Record<string, unknown>): Promise<Record<string, unknown>>;
  setConfig(config: Record<string, unknown>): Promise<void>;
  startScanning(): Promise<void>;
  stopScanning(): Promise<void>;
  toggleScanning(): Promise<void>;
  setupProfile(profile: string, packageName: string): Promise<void>;
  onScan(cb: (data: string, labelType: string | undefined) => void): () => void;
}

export const SCAN_INTENT_ACTION = 'de.mde.app.SCAN';
const TIMEOUT_MS = 5000;

class DataWedgeError extends Error {
  override readonly name = 'DataWedgeError';
}

/** Finds the plugin in a Capacitor shell; a plain browser has none (the wedge path serves there). */
export function findDataWedgePlugin(): DataWedgePlugin | null {
  const cap = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean; Plugins?: Record<string, unknown> } })
    .Capacitor;
  if (!cap?.isNativePlatform?.()) return null;
  return (cap.Plugins?.DataWedge as DataWedgePlugin | undefined) ?? null;
}

export function createDataWedgeBridge(plugin: DataWedgePlugin | null): DataWedgeBridge {
  const waiting = new Map<string, { resolve: (b: Broadcast) => void; reject: (e: Error) => void }>();
  const scanListeners = new Set<(data: string, labelType: string | undefined) => void>();
  let seq = 0;

  void plugin?.addListener('broadcast', (b) => {
    if (b.action === RESULT_ACTION) {
      const id = String(b.extras.COMMAND_IDENTIFIER ?? '');
      const w = waiting.get(id);
      if (!w) return;
      waiting.delete(id);
      // docs/spec.md §7: a command result flagged FAILURE is rejected.
      if (b.extras.RESULT === 'FAILURE') {
        const info = b.extras.RESULT_INFO as { RESULT_CODE?: string } | undefined;
        w.reject(new DataWedgeError(`DataWedge ${String(b.extras.COMMAND)}: ${info?.RESULT_CODE ?? 'FAILURE'}`));
      } else w.resolve(b);
      return;
    }
    if (b.action === SCAN_INTENT_ACTION && typeof b.extras[SCAN_DATA] === 'string') {
      const type = b.extras[SCAN_LABEL_TYPE];
      for (const l of scanListeners) l(b.extras[SCAN_DATA] as string, typeof type === 'string' ? type : undefined);
    }
  });

  function send(command: string, value: unknown): Promise<Broadcast> {
    if (!plugin) return Promise.reject(new DataWedgeError('DataWedge is not available'));
    const id = `mde-${++seq}`;
    return new Promise<Broadcast>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new DataWedgeError(`DataWedge ${command}: no answer`));
      }, TIMEOUT_MS);
      const done =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          clearTimeout(timer);
          fn(v);
        };
      waiting.set(id, { resolve: done(resolve), reject: done(reject) });
      plugin.sendBroadcast(buildCommand(command, value, id)).catch(done(reject));
    });
  }
  const run = async (command: string, value: unknown) => {
    await send(command, value);
  };

  return {
    available: plugin !== null,
    createProfile: (name) => run(DW.createProfile, name),
    deleteProfile: (name) => run(DW.deleteProfile, name),
    switchProfile: (name) => run(DW.switchProfile, name),
    getConfig: async (q) => ((await send(DW.getConfig, q)).extras.RESULT_GET_CONFIG as Record<string, unknown>) ?? {},
    setConfig: (c) => run(DW.setConfig, c),
    startScanning: () => run(DW.softScan, 'START_SCANNING'),
    stopScanning: () => run(DW.softScan, 'STOP_SCANNING'),
    toggleScanning: () => run(DW.softScan, 'TOGGLE_SCANNING'),
    // docs/spec.md §4: at start the profile is created if missing, assigned to the app and made active.
    async setupProfile(profile, packageName) {
      await run(DW.createProfile, profile).catch((e: Error) => {
        if (!e.message.includes('PROFILE_ALREADY_EXISTS')) throw e;
      });
      await run(DW.setConfig, profileConfig(profile, packageName, SCAN_INTENT_ACTION));
      await run(DW.switchProfile, profile);
    },
    onScan(cb) {
      scanListeners.add(cb);
      return () => scanListeners.delete(cb);
    },
  };
}
