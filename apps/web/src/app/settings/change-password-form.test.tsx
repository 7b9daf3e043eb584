// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { ChangePasswordForm } from './change-password-form';

const texts = {
  current: 'Aktuelles Passwort',
  new: 'Neues Passwort',
  repeat: 'Wiederholen',
  submit: 'Ändern',
  failed: 'Ging nicht',
};
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: Response, props: { onFailed?: (m: string) => void } = {}) {
  const fetchMock = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('fetch', fetchMock);
  const onChanged = vi.fn();
  renderScreen(<ChangePasswordForm texts={texts} onChanged={onChanged} {...props} />);
  return { fetchMock, onChanged };
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Aktuelles Passwort'), 'Alt1234!x');
  await user.type(screen.getByLabelText('Neues Passwort'), 'Neu!2345abc');
  await user.type(screen.getByLabelText('Wiederholen'), 'Neu!2345abc');
  await user.click(screen.getByRole('button', { name: 'Ändern' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChangePasswordForm', () => {
  it('sends the current and the new password, hands on the answer and empties the fields', async () => {
    const { fetchMock, onChanged } = setup(json(200, { result: true, message: 'Passwort geändert' }));
    await fillAndSubmit();
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('Passwort geändert'));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toEqual({ currentPassword: 'Alt1234!x', password: 'Neu!2345abc' });
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveProperty('value', '');
  });

  it("shows the server's refusal under the current password", async () => {
    setup(json(400, { message: 'Das aktuelle Passwort ist falsch', code: 'BAD_REQUEST' }));
    await fillAndSubmit();
    expect(await screen.findByText('Das aktuelle Passwort ist falsch')).toBeTruthy();
  });

  it('hands a refusal to onFailed when given', async () => {
    const onFailed = vi.fn();
    const { onChanged } = setup(json(400, { message: 'Das aktuelle Passwort ist falsch', code: 'BAD_REQUEST' }), {
      onFailed,
    });
    await fillAndSubmit();
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Das aktuelle Passwort ist falsch'));
    expect(onChanged).not.toHaveBeenCalled();
  });
});
