import { describe, expect, it } from 'vitest';
import {
  addConnection,
  connectionBaseUrl,
  defaultConnection,
  deleteConnection,
  normaliseConnection,
  selectedConnection,
  updateConnection,
} from './connections';

const https = { protocol: 'https:', hostname: 'mde.example.de', port: '' };
const local = { protocol: 'http:', hostname: 'localhost', port: '8080' };

describe('connection list (spec §2 login settings)', () => {
  it('defaults to the serving origin with base path /api, port 443 on https', () => {
    expect(defaultConnection(https)).toEqual({ id: 'default', host: 'mde.example.de', port: 443, basePath: '/api' });
    expect(connectionBaseUrl(defaultConnection(https), https)).toBe('/api');
    expect(connectionBaseUrl(defaultConnection(local), local)).toBe('/api');
  });

  it('builds an absolute URL for another server', () => {
    const other = { id: 'a', host: 'filiale-7.example.de', port: 443, basePath: '/mde/api' };
    expect(connectionBaseUrl(other, https)).toBe('https://filiale-7.example.de/mde/api');
    expect(connectionBaseUrl({ ...other, port: 8443 }, https)).toBe('https://filiale-7.example.de:8443/mde/api');
  });

  it('adds, edits, selects and deletes, falling back to the default', () => {
    let s = addConnection(
      { connections: [], selectedId: 'default' },
      { host: 'a.de', port: 443, basePath: '/api' },
      'x',
    );
    s = updateConnection(s, 'x', { name: 'Zentrale', host: 'b.de', port: 8443, basePath: '/api' });
    s = { ...s, selectedId: 'x' };
    expect(selectedConnection(s, https)).toMatchObject({ name: 'Zentrale', host: 'b.de', port: 8443 });
    s = deleteConnection(s, 'x');
    expect(s.connections).toEqual([]);
    expect(selectedConnection(s, https).id).toBe('default');
  });

  it('normalises input and refuses invalid hosts, ports and paths', () => {
    expect(normaliseConnection({ host: ' MDE.Example.de ', port: 443, basePath: 'api/' })).toEqual({
      host: 'mde.example.de',
      port: 443,
      basePath: '/api',
    });
    expect(normaliseConnection({ host: 'bad host', port: 443, basePath: '/api' })).toBeNull();
    expect(normaliseConnection({ host: 'a.de', port: 70000, basePath: '/api' })).toBeNull();
    expect(normaliseConnection({ host: 'a.de', port: 443, basePath: '/a?b' })).toBeNull();
  });
});
