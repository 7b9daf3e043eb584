import { DEMO_USERS } from './platform-seed';

/**
 * What the start log says once the demo data was created (docs/architecture.md#demo-data): that it was, and
 * how to sign in, so a newcomer after `npm start` need not look the passwords up.
 */
export function demoSignInMessage(): string {
  const users = DEMO_USERS.map((u) => `${u.username} / ${u.password}`);
  return `Demo-Daten angelegt. Anmelden mit Benutzername / Passwort: ${users.join(', ')} (demo darf alles, auch die Administration).`;
}
