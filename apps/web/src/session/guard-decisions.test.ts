import { MODULES, type UserContext } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import {
  authFailureRedirect,
  awaitsPasswordChange,
  canOpenContextEditor,
  guardRunsAgain,
  moduleByName,
  moduleDecision,
  moduleForPath,
  showsPasswordSection,
  visibleModules,
} from './guard-decisions';

const user = (over: Partial<UserContext>): UserContext =>
  ({ permissions: [], roles: [], userKind: 'internal', contextEditors: 1, ...over }) as UserContext;
const filiale = user({ permissions: ['ARTIKELINFO', 'INVENTUR'] });
const demo = user({
  permissions: MODULES.flatMap((m) => ('permission' in m ? [m.permission] : [])),
  roles: ['ROLE_LOCATIONASSIGNMENT_SERVICE'],
});

describe('auth guard', () => {
  it('sends a missing or expired session to login, remembering the target', () => {
    expect(authFailureRedirect(new ApiError('x', 401, 'NOT_AUTHENTICATED'), '/mde-inventur/start')).toBe(
      '/login?redirect=%2Fmde-inventur%2Fstart',
    );
    expect(authFailureRedirect(new ApiError('x', 401, 'SESSION_EXPIRED'), '/')).toBe('/login');
  });
  it('does not treat other failures as logged out', () => {
    expect(authFailureRedirect(new ApiError('x', 500, 'INTERNAL'), '/')).toBeNull();
    expect(authFailureRedirect(new Error('boom'), '/')).toBeNull();
  });
});

describe('module guard (spec §6)', () => {
  it('lets a user into the modules of its permissions and sends it home otherwise', () => {
    expect(moduleDecision(filiale, moduleByName('inventory-count'))).toEqual({ allow: true });
    expect(moduleDecision(filiale, moduleByName('gift-cards'))).toEqual({
      allow: false,
      redirectTo: '/',
      notice: 'Das Modul „Gutscheinkarte“ ist für Ihren Benutzer nicht freigeschaltet',
    });
  });
  it('sends a user who must still replace a one-time password home, where the change is asked, without a notice', () => {
    const pending = { ...demo, mustChangePassword: true };
    expect(moduleDecision(pending, moduleByName('inventory-count'))).toEqual({
      allow: false,
      redirectTo: '/',
      notice: null,
    });
    expect(awaitsPasswordChange(pending)).toBe(true);
    expect(awaitsPasswordChange(demo)).toBe(false);
    expect(awaitsPasswordChange(undefined)).toBe(false);
  });
  it('needs the role for storage locations', () => {
    expect(moduleDecision(filiale, moduleByName('storage-locations')).allow).toBe(false);
    expect(moduleDecision(demo, moduleByName('storage-locations')).allow).toBe(true);
  });
  it('shows menu entries only for usable modules, in menu order', () => {
    expect(visibleModules(filiale).map((m) => m.name)).toEqual(['inventory-count', 'article-info']);
    // The demo user holds every module's permission and the role: every module of contracts' list shows.
    expect(visibleModules(demo).map((m) => m.name)).toEqual(MODULES.map((m) => m.name));
  });
  it('finds the module of a path for lazy loading', () => {
    expect(moduleForPath('/mde-inventur/artikel-erfassen/suche')?.name).toBe('inventory-count');
    expect(moduleForPath('/storage-location/4/products/9')?.name).toBe('storage-locations');
    expect(moduleForPath('/settings')).toBeUndefined();
  });
});

describe('settings and context rules', () => {
  it('hides the password section for external users', () => {
    expect(showsPasswordSection(user({ userKind: 'external' }))).toBe(false);
    expect(showsPasswordSection(user({ userKind: 'internal' }))).toBe(true);
  });
  it('offers the edit-context dialog only with more than one editor', () => {
    expect(canOpenContextEditor(user({ contextEditors: 1 }))).toBe(false);
    expect(canOpenContextEditor(user({ contextEditors: 2 }))).toBe(true);
  });
});

describe('guards on a navigation', () => {
  const nav = (from: string, to: string, defaultShouldRevalidate = true) =>
    guardRunsAgain({
      currentUrl: new URL(from, 'https://mde.test'),
      nextUrl: new URL(to, 'https://mde.test'),
      defaultShouldRevalidate,
    });
  it('do not run again between two screens of one module (a scan opening its form)', () => {
    expect(nav('/mde-inventur', '/mde-inventur/artikel-erfassen/12')).toBe(false);
    expect(nav('/mde-inventur/artikel-erfassen/12', '/mde-inventur')).toBe(false);
    expect(nav('/mde-inventur/artikel-erfassen/12', '/mde-inventur/artikel-erfassen/13')).toBe(false);
  });
  it('run when another module or a screen outside the modules is entered', () => {
    expect(nav('/mde-inventur', '/mde-bestellung')).toBe(true);
    expect(nav('/', '/mde-inventur')).toBe(true);
    expect(nav('/mde-inventur', '/settings')).toBe(true);
  });
  it('run on an explicit revalidation of the same address, and never when the router says not to', () => {
    expect(nav('/mde-artikelvorrat', '/mde-artikelvorrat')).toBe(true);
    expect(nav('/mde-inventur', '/mde-bestellung', false)).toBe(false);
  });
});
