// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { WaitingOnDevice } from './waiting-on-device';

const store = vi.hoisted(() => ({ loaded: 0, pending: 0 }));

// Counts how often the capture store's code is loaded: on a slow handheld it is some 90 kB with its database
// library and schemas, which a first visit of the login page has no use for.
vi.mock('../../capture/hooks/device-store', () => {
  store.loaded++;
  return { countPendingLinesOnDevice: async () => store.pending };
});

const show = () => renderScreen(<WaitingOnDevice />);

const deleteDatabase = (name: string) =>
  new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });

const createDatabase = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });

afterEach(async () => {
  await deleteDatabase('mde-captures');
  vi.resetModules();
});

describe('WaitingOnDevice', () => {
  it('does not load the capture store on a device that has never stored a capture', async () => {
    store.loaded = 0;
    show();
    await new Promise((r) => setTimeout(r, 50));
    expect(store.loaded).toBe(0);
    expect(screen.queryByTestId('waiting-on-device')).toBeNull();
  });

  it('tells the lines still waiting when the device has a capture database', async () => {
    await createDatabase('mde-captures');
    store.pending = 3;
    show();
    expect((await screen.findByTestId('waiting-on-device')).textContent).toContain(
      '3 Positionen sind sicher auf diesem Gerät gespeichert',
    );
  });
});
