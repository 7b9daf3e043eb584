import { describe, expect, it } from 'vitest';
import { canActivate, onNoNewVersion, reloadUrlAfterActivation, withoutUpdateFlag } from './update-rules';

describe('web-app update rules (spec §4)', () => {
  it('keeps a flagged update when a later check finds nothing new', () => {
    expect(onNoNewVersion({ updateAvailable: true })).toEqual({});
    expect(onNoNewVersion({ updateAvailable: false })).toEqual({ updateAvailable: false });
  });

  it('activates only once the next version hash is known', () => {
    expect(canActivate({ updateAvailable: true })).toBe(false);
    expect(canActivate({ updateAvailable: true, nextHash: 'abc12345' })).toBe(true);
    expect(canActivate({ updateAvailable: false, nextHash: 'abc12345' })).toBe(false);
  });

  it('reloads with pwaUpdate=1, or plainly when it is already there', () => {
    expect(reloadUrlAfterActivation('https://mde.test/settings#pwaInstall')).toBe(
      'https://mde.test/settings?pwaUpdate=1#pwaInstall',
    );
    expect(reloadUrlAfterActivation('https://mde.test/?pwaUpdate=1')).toBe('https://mde.test/?pwaUpdate=1');
  });

  it('drops the flag after the message', () => {
    expect(withoutUpdateFlag('https://mde.test/settings?pwaUpdate=1&x=2#a')).toBe('/settings?x=2#a');
    expect(withoutUpdateFlag('https://mde.test/settings')).toBeNull();
  });
});
