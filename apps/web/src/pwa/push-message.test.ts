import { describe, expect, it } from 'vitest';
import { readPushMessage, safeRoute } from './push-message';

describe('push message', () => {
  it('shows title and text and keeps the route a tap opens', () => {
    expect(
      readPushMessage(JSON.stringify({ id: 7, title: 'Beleg gespeichert', body: 'IN-1', route: '/mde-inventur' })),
    ).toEqual({
      title: 'Beleg gespeichert',
      body: 'IN-1',
      route: '/mde-inventur',
      tag: 'notification-7',
    });
  });

  it("reads OneSignal's payload: the text as alert, our id and route as its additional data", () => {
    const oneSignal = { custom: { i: 'os-1', a: { id: 9, route: '/notifications' } }, title: 'T', alert: 'Text' };
    expect(readPushMessage(JSON.stringify(oneSignal))).toEqual({
      title: 'T',
      body: 'Text',
      route: '/notifications',
      tag: 'notification-9',
    });
    expect(readPushMessage(JSON.stringify({ custom: { a: { route: 'https://evil.example' } } })).route).toBe('/');
  });

  it('opens only paths of this app', () => {
    for (const bad of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/\\evil', 42, undefined]) {
      expect(safeRoute(bad)).toBe('/');
    }
    expect(safeRoute('/notifications?x=1')).toBe('/notifications?x=1');
  });

  it('shows a push that is not JSON as text under the app name', () => {
    expect(readPushMessage('Hallo')).toMatchObject({ title: 'MDE', body: 'Hallo', route: '/' });
    expect(readPushMessage(null)).toMatchObject({ title: 'MDE', body: '', route: '/' });
  });
});
