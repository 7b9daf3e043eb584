import { CAPTURE_MODULES } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { shownHeaderFields } from '../capture/capture-module';
import { CAPTURE_MODULE_DEFS } from './capture-modules';

describe('the web registration of the capture modules (docs/conventions.md#capture-modules)', () => {
  it('holds each of contracts’ capture modules once, and no other', () => {
    const registered = CAPTURE_MODULE_DEFS.map((def) => def.info.key);
    expect([...registered].sort()).toEqual([...CAPTURE_MODULES].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('names each module by its own feature', () => {
    for (const def of CAPTURE_MODULE_DEFS) expect(def.name).toBe(def.info.key);
  });

  it('shows the header fields each module declares in contracts', () => {
    for (const def of CAPTURE_MODULE_DEFS)
      expect(def.headerFields, def.name).toEqual(shownHeaderFields(def.info.headerFields));
  });
});
