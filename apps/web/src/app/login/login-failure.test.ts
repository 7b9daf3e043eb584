import { ADMIN_USERS_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loginFailureMessage } from './login-failure';

describe('login failure texts (spec §8)', () => {
  it('says the credentials are wrong on 401', () => {
    expect(loginFailureMessage(new ApiError('x', 401, 'INVALID_CREDENTIALS'))).toBe(
      'Benutzername und/oder Passwort sind inkorrekt',
    );
  });
  it('says the server is unreachable on a network failure', () => {
    expect(loginFailureMessage(new ApiError('x', 0, 'NETWORK'))).toBe(
      'Es konnte keine Verbindung zum Server hergestellt werden...',
    );
  });
  it.each([500, 400, 503])('says something unexpected happened on %i', (status) => {
    expect(loginFailureMessage(new ApiError('x', status, 'X'))).toBe('Ein unerwarteter Fehler ist aufgetreten!');
  });
  it('treats a non-API error as unexpected', () => {
    expect(loginFailureMessage(new TypeError('boom'))).toBe('Ein unerwarteter Fehler ist aufgetreten!');
  });
  it('tells a disabled user why they cannot sign in', () => {
    expect(loginFailureMessage(new ApiError(ADMIN_USERS_MSG.userDisabled, 403, 'USER_DISABLED'))).toBe(
      ADMIN_USERS_MSG.userDisabled,
    );
  });
  it("keeps the throttle's own message", () => {
    expect(loginFailureMessage(new ApiError('Zu viele Versuche', 429, 'RATE_LIMITED'))).toBe('Zu viele Versuche');
  });
});
