import { DEVICE_REPORT_INTERVAL_MS, type DeviceReport } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDeviceChangeCounter,
  countModuleChanges,
  type DeviceReportSources,
  reportDevice,
  startDeviceReporter,
} from './device-report';

function fakeSources(overrides: Partial<DeviceReportSources> = {}) {
  const sent: DeviceReport[] = [];
  const sources: DeviceReportSources = {
    appVersion: '25.4.0',
    deviceId: async () => 'web-abc',
    session: () => ({ userId: 7, vkforgId: 11 }),
    counts: async (owner) => (owner === 7 ? { waiting: 3, setAside: 1 } : { waiting: 0, setAside: 0 }),
    cacheRefreshedAt: async (vkforgId) => (vkforgId === 11 ? '2026-11-27T07:00:00.000Z' : null),
    send: async (report) => {
      sent.push(report);
    },
    ...overrides,
  };
  return { sources, sent };
}

describe('a device report', () => {
  it('carries the device id, version, the signed-in user’s waiting and set-aside changes and the cache age', async () => {
    const { sources, sent } = fakeSources();
    expect(await reportDevice(sources)).toBe(true);
    expect(sent).toEqual([
      {
        deviceId: 'web-abc',
        appVersion: '25.4.0',
        waiting: 3,
        setAside: 1,
        cacheRefreshedAt: '2026-11-27T07:00:00.000Z',
      },
    ]);
  });

  it('is not sent while no one is signed in, and a failed send is no error', async () => {
    const none = fakeSources({ session: () => null });
    expect(await reportDevice(none.sources)).toBe(false);
    expect(none.sent).toEqual([]);
    const offline = fakeSources({ send: () => Promise.reject(new Error('offline')) });
    expect(await reportDevice(offline.sources)).toBe(false);
  });
});

describe('module outboxes in the report', () => {
  it('adds the waiting and set-aside changes of every module outbox that added itself, once each', async () => {
    expect(await countModuleChanges(7)).toEqual({ waiting: 0, setAside: 0 });
    const storage = async (owner: number) => (owner === 7 ? { waiting: 2, setAside: 1 } : { waiting: 0, setAside: 0 });
    addDeviceChangeCounter(storage);
    addDeviceChangeCounter(storage);
    addDeviceChangeCounter(async () => ({ waiting: 1, setAside: 4 }));
    expect(await countModuleChanges(7)).toEqual({ waiting: 3, setAside: 5 });
    expect(await countModuleChanges(8)).toEqual({ waiting: 1, setAside: 4 });
  });
});

describe('the reporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports at start, every minute while online, after a sync and on reconnect; not while offline', async () => {
    const { sources, sent } = fakeSources();
    let online = true;
    let sync: () => void = () => undefined;
    let reconnect: () => void = () => undefined;
    const stop = startDeviceReporter({
      sources,
      isOnline: () => online,
      onSync: (l) => {
        sync = l;
        return () => undefined;
      },
      onOnline: (l) => {
        reconnect = l;
        return () => undefined;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DEVICE_REPORT_INTERVAL_MS);
    expect(sent).toHaveLength(2);
    sync();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(3);
    online = false;
    await vi.advanceTimersByTimeAsync(DEVICE_REPORT_INTERVAL_MS * 3);
    expect(sent).toHaveLength(3);
    online = true;
    reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(4);
    stop();
    await vi.advanceTimersByTimeAsync(DEVICE_REPORT_INTERVAL_MS * 2);
    expect(sent).toHaveLength(4);
  });

  it('folds requests during a report into one more report right after it', async () => {
    let release: () => void = () => undefined;
    const { sources, sent } = fakeSources();
    const slow = {
      ...sources,
      send: async (r: DeviceReport) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        sent.push(r);
      },
    };
    let sync: () => void = () => undefined;
    const stop = startDeviceReporter({
      sources: slow,
      isOnline: () => true,
      onSync: (l) => {
        sync = l;
        return () => undefined;
      },
      onOnline: () => () => undefined,
    });
    await vi.advanceTimersByTimeAsync(0);
    sync();
    sync();
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    stop();
  });
});
