import { describe, expect, it } from 'vitest';
import { demoSignInMessage } from './demo-sign-in';

describe('demoSignInMessage', () => {
  it('says the demo users were made and names each with its password', () => {
    const text = demoSignInMessage();
    expect(text).toMatch(/^Demo-Daten angelegt\./);
    for (const login of ['demo / Demo1234!', 'filiale / Filiale1234!', 'extern / Extern1234!'])
      expect(text).toContain(login);
  });
});
