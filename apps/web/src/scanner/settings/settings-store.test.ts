// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ASPECT_RATIO_CHOICES, COMPONENT_DEFAULTS, LIBRARY_DEFAULTS, SCAN_AREA_CHOICES } from './constants';
import { settingsFormState } from './form-rules';
import { readScannerData, writeScannerData } from './persisted-data';
import { DEFAULT_SCANNER_SETTINGS, SCANNER_SETTINGS_KEY } from './scanner-settings';
import { loadScannerSettings, saveScannerSettings } from './settings-store';
import { resolveSource } from './source-resolution';

beforeEach(() => localStorage.clear());

describe('scanner settings (spec §3, §9)', () => {
  it('has the §9 defaults', () => {
    expect(loadScannerSettings()).toEqual({
      source: null,
      cameraId: null,
      qrBox: { name: '250x250', width: 250, height: 250 },
      fps: 100,
      aspectRatio: 1,
      focusMode: 'continuous',
      advanced: [{ zoom: 1 }],
    });
    expect(LIBRARY_DEFAULTS).toMatchObject({ fps: 2, aspectRatio: 1, zoom: 2 });
    expect(COMPONENT_DEFAULTS).toMatchObject({ fps: 10, qrBox: { width: 250, height: 250 } });
    expect(SCAN_AREA_CHOICES.map((c) => c.name)).toEqual(['250x150', '250x250', '500x500', '250x500']);
    expect(ASPECT_RATIO_CHOICES.map((c) => c.value)).toEqual([1, 0.5, 1.333334, 1.777778]);
  });

  it('stores under html5Scanner and reads back', () => {
    saveScannerSettings({ ...DEFAULT_SCANNER_SETTINGS, source: 'prompt', fps: 10 });
    expect(JSON.parse(localStorage.getItem(SCANNER_SETTINGS_KEY) ?? '{}')).toMatchObject({ source: 'prompt' });
    expect(loadScannerSettings()).toMatchObject({ source: 'prompt', fps: 10 });
  });

  it('falls back field by field on a corrupt stored value', () => {
    localStorage.setItem(SCANNER_SETTINGS_KEY, JSON.stringify({ source: 'laser', fps: 5 }));
    expect(loadScannerSettings()).toMatchObject({ source: null, fps: 5 });
    localStorage.setItem(SCANNER_SETTINGS_KEY, '{not json');
    expect(loadScannerSettings()).toEqual(DEFAULT_SCANNER_SETTINGS);
  });

  it('remembers permission and last camera', () => {
    expect(readScannerData()).toEqual({ hasPermission: false, lastUsedCameraId: null });
    writeScannerData({ hasPermission: true });
    writeScannerData({ lastUsedCameraId: 'cam-2' });
    expect(readScannerData()).toEqual({ hasPermission: true, lastUsedCameraId: 'cam-2' });
  });
});

describe('settings form rules (spec §2, §5)', () => {
  it('forces file and disables default and camera without a camera', () => {
    const s = settingsFormState({ ...DEFAULT_SCANNER_SETTINGS, source: 'camera', cameraId: 'x' }, 0);
    expect(s.values.source).toBe('file');
    expect(s.values.cameraId).toBeNull();
    expect(s.disabledSources).toEqual(['default', 'camera']);
    expect(s.showCameraChoices).toBe(false);
    expect(s.showSizeFpsRatio).toBe(false);
  });

  it('hides size, fps and ratio for the file source only', () => {
    expect(settingsFormState({ ...DEFAULT_SCANNER_SETTINGS, source: 'file' }, 2).showSizeFpsRatio).toBe(false);
    expect(settingsFormState(DEFAULT_SCANNER_SETTINGS, 2)).toMatchObject({
      showSizeFpsRatio: true,
      disabledSources: [],
    });
  });
});

describe('source resolution (spec §4)', () => {
  const yes = async () => true;
  const no = async () => false;
  it('maps file, camera, prompt and unset', async () => {
    expect(await resolveSource('file', yes, async () => 'camera')).toBe('file');
    expect(await resolveSource('camera', no, async () => 'file')).toBe('camera');
    expect(await resolveSource('prompt', yes, async () => 'file')).toBe('file');
    expect(await resolveSource('prompt', yes, async () => null)).toBeNull();
    expect(await resolveSource(null, yes, async () => null)).toBe('camera');
    expect(await resolveSource(null, no, async () => null)).toBe('file');
  });
});
