import { describe, expect, it } from 'vitest';
import { isValidNewPassword, livePasswordProblems, repeatProblem } from './password-rules';

describe('live password rules (spec §5)', () => {
  it('says nothing before anything is typed', () => {
    expect(livePasswordProblems('')).toEqual([]);
  });

  it('shows the current length in the minimum-length message', () => {
    expect(livePasswordProblems('Ab1!')[0]).toBe('Mindestens 8 Zeichen (aktuell 4)');
  });

  it('lists every missing character class', () => {
    expect(livePasswordProblems('abcdefgh')).toEqual([
      'Mindestens ein Großbuchstabe',
      'Mindestens eine Zahl',
      'Mindestens ein Sonderzeichen',
    ]);
  });

  it('complains about a different repeat with the spec text', () => {
    expect(repeatProblem('Geheim12!', 'Geheim12?')).toBe('Die Passwörter stimmen nicht überein!');
    expect(repeatProblem('Geheim12!', 'Geheim12!')).toBeNull();
  });

  it('accepts only a strong password with a matching repeat', () => {
    expect(isValidNewPassword('Geheim12!', 'Geheim12!')).toBe(true);
    expect(isValidNewPassword('Geheim12!', '')).toBe(false);
    expect(isValidNewPassword('geheim12!', 'geheim12!')).toBe(false);
  });
});
