import { describe, expect, it } from 'vitest';
import { MODULE_SETTINGS } from './admin-module-settings';
import { CONFIG_KEYS, ediPreset, type ModuleConfig } from './module-config';

const config = (value: string): ModuleConfig => ({
  modules: [{ module: 'mde-bestellung', properties: { [CONFIG_KEYS.ediPreset]: value } }],
});

describe('ediPreset', () => {
  it("starts at 'ja' while the firma stores nothing, as the admin screen's default says", () => {
    expect(ediPreset(undefined, 'mde-bestellung')).toBe('ja');
    const setting = MODULE_SETTINGS.find((m) => m.module === 'mde-bestellung')?.settings.find(
      (s) => s.key === CONFIG_KEYS.ediPreset,
    );
    expect(setting?.defaultValue).toBe('ja');
  });
  it("follows a stored 'nein', for that module only", () => {
    expect(ediPreset(config('nein'), 'mde-bestellung')).toBe('nein');
    expect(ediPreset(config('nein'), 'mde-artikelvorrat')).toBe('ja');
    expect(ediPreset(config('ja'), 'mde-bestellung')).toBe('ja');
  });
});
