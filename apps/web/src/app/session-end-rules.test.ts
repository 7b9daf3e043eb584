import { describe, expect, it } from 'vitest';
import { sessionEndReaction } from './session-end-rules';

const on = (pathname: string, hadSession = true, search = '') => ({ hadSession, pathname, search });

describe('what an ended session does (spec §8)', () => {
  it('sends a screen whose session ended elsewhere to the login, remembering it', () => {
    expect(sessionEndReaction('signed-out', on('/settings'))).toEqual({
      message: 'auth:session.notAuthenticated',
      to: '/settings',
    });
    expect(sessionEndReaction('signed-out', on('/mde-inventur', true, '?x=1'))?.to).toBe('/mde-inventur?x=1');
  });

  it('says the inactivity logout on every start, and on the login without going anywhere', () => {
    expect(sessionEndReaction('expired', on('/', false))).toEqual({ message: 'auth:session.expired', to: '/' });
    expect(sessionEndReaction('expired', on('/login'))).toEqual({ message: 'auth:session.expired', to: null });
  });

  it('stays quiet where this page had no session or already is before login', () => {
    expect(sessionEndReaction('signed-out', on('/', false))).toBeNull();
    expect(sessionEndReaction('signed-out', on('/login'))).toBeNull();
    expect(sessionEndReaction('signed-out', on('/forgot-password/reset'))).toBeNull();
  });

  it('treats only the pages before login as public', () => {
    expect(sessionEndReaction('signed-out', on('/loginx'))?.to).toBe('/loginx');
  });
});
