// @vitest-environment jsdom
import { modals } from '@mantine/modals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notifyError } from '../../lib/notify';
import { Providers } from '../providers';

describe('lazily loaded modals and notifications', () => {
  it('shows a confirmation asked for before the modal chunk exists, with German labels, and later ones too', async () => {
    // Asked for before anything is rendered: the provider module holds the call until the chunk is there.
    let confirmed = 0;
    modals.openConfirmModal({ title: 'Früh gefragt', children: 'Wirklich?', onConfirm: () => confirmed++ });
    render(
      <Providers>
        <p>Inhalt</p>
      </Providers>,
    );
    expect(screen.getByText('Inhalt')).toBeTruthy();
    expect(await screen.findByText('Früh gefragt')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(confirmed).toBe(1);
    act(() => {
      modals.openConfirmModal({ title: 'Später gefragt', children: 'Sicher?' });
    });
    expect(await screen.findByText('Später gefragt')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nein' })).toBeTruthy();
  });

  it('shows a message once the notification container has loaded', async () => {
    render(
      <Providers>
        <p>Inhalt</p>
      </Providers>,
    );
    act(() => {
      notifyError('Etwas ist schiefgegangen', { title: 'Fehler' });
    });
    await waitFor(() => expect(screen.getByText('Etwas ist schiefgegangen')).toBeTruthy());
  });
});
