// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const TITLE = 'Ungespeicherte Änderungen';
const QUESTION = 'Wenn Sie die Seite verlassen gehen die ungespeicherten Änderungen verloren. Wollen Sie fortfahren?';

function Detail() {
  const [value, setValue] = useState('1');
  const leaving = useRef(false);
  return (
    <>
      <input aria-label="Menge" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <Link to="/elsewhere">Weg</Link>
      <Link to="/login">Anmeldung</Link>
      <UnsavedChangesGuard dirty={value !== '1'} leaving={leaving} />
    </>
  );
}

function setup() {
  const { router } = renderScreen(null, {
    routes: [
      { path: '/detail', element: <Detail /> },
      { path: '/elsewhere', element: <p>Anderswo</p> },
      { path: '/login', element: <p>Login</p> },
    ],
    initialEntries: ['/elsewhere', '/detail'],
  });
  if (!router) throw new Error('no router');
  return router;
}

afterEach(cleanup);

describe('UnsavedChangesGuard (spec §5)', () => {
  it('lets a screen without edits go at once', async () => {
    const router = setup();
    await userEvent.click(screen.getByText('Weg'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks with the spec title and question; "Nein" keeps the edit, "Ja" leaves', async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.clear(screen.getByLabelText('Menge'));
    await user.type(screen.getByLabelText('Menge'), '5');
    await user.click(screen.getByText('Weg'));
    expect(await screen.findByText(TITLE)).toBeTruthy();
    expect(screen.getByText(QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    expect(router.state.location.pathname).toBe('/detail');
    expect((screen.getByLabelText('Menge') as HTMLInputElement).value).toBe('5');
    // The dialog closes with a transition: on a busy machine the next question must not find this one's buttons.
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());

    // browser back goes through the same question
    void router.navigate(-1);
    expect(await screen.findByText(TITLE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('never holds back the way to the login (a session that ended)', async () => {
    const user = userEvent.setup();
    const router = setup();
    await user.type(screen.getByLabelText('Menge'), '5');
    await user.click(screen.getByText('Anmeldung'));
    expect(router.state.location.pathname).toBe('/login');
  });
});
