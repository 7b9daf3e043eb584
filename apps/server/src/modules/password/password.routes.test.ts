import { MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { as, DEMO, EXTERN, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp();

const requestToken = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/security/password/token', payload, remoteAddress: '10.7.0.1' });
const reset = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/security/password/reset', payload, remoteAddress: '10.7.0.2' });
const lastMail = () => t.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirst();
const tokenFromMail = (body: string) => /Bestätigungscode lautet: ([\w-]+)/.exec(body)?.[1] ?? '';

describe('password reset (spec §4 password flow)', () => {
  it('mails a 128-bit token with a link built from PUBLIC_URL, not from the Host header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/password/token',
      payload: { username: 'filiale', email: 'filiale@frischmarkt.example' },
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, message: MSG.tokenSent });
    const mail = await lastMail();
    expect(mail?.recipient).toBe('filiale@frischmarkt.example');
    const token = tokenFromMail(mail?.body ?? '');
    expect(token).toMatch(/^[\w-]{22}$/);
    expect(mail?.body).toContain('https://mde.example.test/forgot-password/reset?');
    expect(mail?.body).not.toContain('evil.example');
    const stored = await t.db.selectFrom('password_reset_token').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
  });

  it('answers an unknown user exactly like a known one and sends nothing', async () => {
    const before = await lastMail();
    const res = await requestToken({ username: 'niemand', email: 'niemand@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, message: MSG.tokenSent });
    expect((await lastMail())?.id).toBe(before?.id);
  });

  it('resets with the token once; the token is single-use and old sessions end', async () => {
    const session = await loginAs(t.app, EXTERN);
    await requestToken({ username: 'extern', email: 'extern@lieferant.example' });
    const token = tokenFromMail((await lastMail())?.body ?? '');
    const body = { username: 'extern', email: 'extern@lieferant.example', token, password: 'Neu-Passwort1' };
    const first = await reset(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: true, message: MSG.passwordResetDone });
    const second = await reset({ ...body, password: 'Noch-Neuer2!' });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(MSG.passwordNotReset);
    expect((await as(t.app, session)({ method: 'GET', url: '/api/v1/security/user/context' })).statusCode).toBe(401);
    await expect(loginAs(t.app, { username: 'extern', password: 'Neu-Passwort1' })).resolves.toContain('mde_session=');
  });

  it('refuses an expired token, a wrong token and another user’s token', async () => {
    await requestToken({ username: 'demo', email: 'demo@frischmarkt.example' });
    const token = tokenFromMail((await lastMail())?.body ?? '');
    const base = { username: 'demo', email: 'demo@frischmarkt.example', password: 'Anders-123!' };
    expect((await reset({ ...base, token: `${token}x` })).json().message).toBe(MSG.passwordNotReset);
    expect(
      (await reset({ ...base, username: 'filiale', email: 'filiale@frischmarkt.example', token })).json().message,
    ).toBe(MSG.passwordNotReset);
    await sql`update password_reset_token set expires_at = now() - interval '1 second'`.execute(t.db);
    expect((await reset({ ...base, token })).statusCode).toBe(400);
    await expect(loginAs(t.app, DEMO)).resolves.toContain('mde_session=');
  });

  it.each([
    ['a weak password', { password: 'kurz' }, 'password'],
    ['no special character', { password: 'Abcdefg12' }, 'password'],
    ['a bad e-mail', { email: 'x' }, 'email'],
    ['an empty token', { token: '' }, 'token'],
    ['a 10 kB token', { token: HUGE }, 'token'],
  ])('validates %s with a German field message', async (_, override, field) => {
    const res = await reset({
      username: 'demo',
      email: 'demo@frischmarkt.example',
      token: 'abc',
      password: 'Gut-Genug1',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeTruthy();
  });

  it('names the current length in the minimum-length message', async () => {
    const res = await reset({ username: 'demo', email: 'demo@frischmarkt.example', token: 'abc', password: 'Ab1!' });
    expect(res.json().fields.password).toBe(MSG.minLength(4));
  });
});

describe('POST /api/v1/security/user/password (change)', () => {
  const change = async (user: { username: string; password: string }, payload: object) =>
    as(t.app, await loginAs(t.app, user))({ method: 'POST', url: '/api/v1/security/user/password', payload });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/security/user/password', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('is forbidden for external users (spec §6 hides the section for them)', async () => {
    const res = await change(
      { username: 'extern', password: 'Neu-Passwort1' },
      { currentPassword: 'Neu-Passwort1', password: 'Extern-Neu1!' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const res = await change(FILIALE, { currentPassword: 'falsch', password: 'Filiale-Neu1!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.currentPassword).toBe(MSG.currentPasswordWrong);
    await expect(loginAs(t.app, FILIALE)).resolves.toContain('mde_session=');
  });

  it('changes the password', async () => {
    const res = await change(FILIALE, { currentPassword: FILIALE.password, password: 'Filiale-Neu1!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(true);
    await expect(loginAs(t.app, { username: 'filiale', password: 'Filiale-Neu1!' })).resolves.toContain('mde_session=');
  });
});
