import { describe, expect, it } from 'vitest';
import { parseConnectionCode } from './connection-code';

describe('parseConnectionCode (spec §2, §5 connection scan)', () => {
  it('reads JSON', () => {
    expect(parseConnectionCode('{"name":"Filiale 12","host":"mde.example.de","port":8443,"basePath":"/api"}')).toEqual({
      name: 'Filiale 12',
      host: 'mde.example.de',
      port: 8443,
      basePath: '/api',
    });
    expect(parseConnectionCode('{"host":"10.0.0.5"}')).toEqual({ host: '10.0.0.5', port: 443, basePath: '/api' });
  });

  it('reads URLs', () => {
    expect(parseConnectionCode('https://mde.example.de:8443/base/')).toEqual({
      host: 'mde.example.de',
      port: 8443,
      basePath: '/base',
    });
    expect(parseConnectionCode('https://mde.example.de')).toEqual({
      host: 'mde.example.de',
      port: 443,
      basePath: '/api',
    });
    expect(parseConnectionCode('http://localhost/api?name=Test')).toMatchObject({ port: 80, name: 'Test' });
  });

  it('rejects codes without a valid connection', () => {
    for (const bad of ['4006381333931', '', '{"host":"a b"}', '{"host":"x.de","port":70000}', 'ftp://x.de', '[1,2]']) {
      expect(parseConnectionCode(bad)).toBeNull();
    }
    expect(parseConnectionCode('https://user:pw@x.de/api')).toBeNull();
  });
});
