import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

// Password hashing takes tens of milliseconds of CPU. It runs off the main thread, and no database
// connection waits for it: PGlite has one, and every other request needs it.
const t = useTestApp();

describe('password changes under load', () => {
  it('do not hold up other requests while they hash', async () => {
    const demo = as(t.app, await loginAs(t.app, DEMO));
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    const scan = () => filiale({ method: 'GET', url: `/api/v1/articles/lookup/${DEMO_ARTICLES.milk.ean13}` });
    expect((await scan()).statusCode).toBe(200);

    const started = performance.now();
    const changes = Promise.all(
      Array.from({ length: 20 }, () =>
        demo({
          method: 'POST',
          url: '/api/v1/security/user/password',
          payload: { currentPassword: DEMO.password, password: 'Neues-Passwort1' },
        }),
      ),
    ).then((all) => ({ all, ms: performance.now() - started }));
    // A scan sent just after the changes answers long before they are done.
    await new Promise((resolve) => setImmediate(resolve));
    const scanStarted = performance.now();
    expect((await scan()).statusCode).toBe(200);
    const scanMs = performance.now() - scanStarted;
    const { all, ms } = await changes;
    expect(all.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    // Exactly one change wins: the others checked the same current password, which has changed under them.
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(scanMs).toBeLessThan(ms * 0.5);
  });
});
