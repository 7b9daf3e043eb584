// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { NewPasswordFields } from './new-password-fields';

function Harness() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return (
    <NewPasswordFields
      password={password}
      repeat={repeat}
      onPassword={setPassword}
      onRepeat={setRepeat}
      passwordLabel="Neues Passwort"
      repeatLabel="Neues Passwort wiederholen"
    />
  );
}

describe('NewPasswordFields (spec §5)', () => {
  it('shows the rules live with the current length, then the repeat mismatch', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.type(screen.getByLabelText('Neues Passwort'), 'abc');
    expect(screen.getByText('Mindestens 8 Zeichen (aktuell 3)')).toBeTruthy();
    expect(screen.getByText('Mindestens ein Großbuchstabe')).toBeTruthy();
    await user.type(screen.getByLabelText('Neues Passwort'), 'DEF12!');
    expect(screen.getByText('Alle Anforderungen sind erfüllt')).toBeTruthy();
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'abcDEF12?');
    expect(screen.getByText('Die Passwörter stimmen nicht überein!')).toBeTruthy();
  });
});
