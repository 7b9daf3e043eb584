// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { type SyncStatusShown, SyncStatusView } from './sync-status';

const offline = 'Es konnte keine Verbindung zum Server hergestellt werden';
const waiting: SyncStatusShown = {
  phase: 'waiting',
  waiting: 7,
  rejected: 0,
  done: 0,
  total: 7,
  lastError: offline,
};

/** What the strip shows, in order: the parts a layout is made of. */
const parts = () =>
  [...screen.getByTestId('sync-status').children].map((el) => `${el.tagName}:${el.getAttribute('data-part') ?? ''}`);

afterEach(cleanup);

describe('the sync strip above the capture list', () => {
  // Offline, every edit starts a round that fails again: the strip must not grow or shrink with each attempt,
  // or the buttons below it jump under the worker's thumb (a tap on "Speichern und exportieren" went nowhere).
  it('keeps its shape while a retry round runs after a failed one', () => {
    renderScreen(<SyncStatusView s={waiting} onSyncNow={() => undefined} />);
    const before = parts();
    expect(screen.getByText(`Keine Verbindung – neuer Versuch folgt (${offline})`)).toBeTruthy();
    cleanup();
    renderScreen(<SyncStatusView s={{ ...waiting, phase: 'syncing' }} onSyncNow={() => undefined} />);
    expect(parts()).toEqual(before);
    expect(screen.getByText(`Keine Verbindung – neuer Versuch folgt (${offline})`)).toBeTruthy();
    const button = screen.getByRole('button', { name: /Jetzt synchronisieren/ });
    expect(button.hasAttribute('disabled') || button.getAttribute('data-loading') === 'true').toBe(true);
  });

  it('shows the progress of a round that follows no failure, and all synced when nothing waits', () => {
    renderScreen(
      <SyncStatusView s={{ ...waiting, phase: 'syncing', done: 3, lastError: null }} onSyncNow={() => undefined} />,
    );
    expect(screen.getByText('Synchronisiere 3 von 7 …')).toBeTruthy();
    cleanup();
    renderScreen(
      <SyncStatusView
        s={{ ...waiting, phase: 'idle', waiting: 0, done: 7, lastError: null }}
        onSyncNow={() => undefined}
      />,
    );
    expect(screen.getByText('Alles synchronisiert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Jetzt synchronisieren/ })).toBeNull();
  });
});
