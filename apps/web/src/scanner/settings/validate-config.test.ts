import { describe, expect, it } from 'vitest';
import { validateCameraConfig, validateScannerConfig } from './validate-config';

describe('scanner configuration validation (spec §5)', () => {
  it('needs qrbox width and height of at least 50 px and truncates to the root width', () => {
    expect(validateScannerConfig({ qrbox: { width: 500, height: 300 } }, 320).qrbox).toEqual({
      width: 320,
      height: 300,
    });
    expect(() => validateScannerConfig({ qrbox: { width: 49, height: 100 } }, 320)).toThrow();
    expect(() => validateScannerConfig({ qrbox: { width: 100, height: 49 } }, 320)).toThrow();
    expect(() => validateScannerConfig({ qrbox: { width: 100 } as { width: number; height: number } }, 320)).toThrow();
  });

  it('needs a non-empty list of known formats', () => {
    expect(validateScannerConfig({}, 300).formatsToSupport).toContain('QR_CODE');
    expect(() => validateScannerConfig({ formatsToSupport: [] }, 300)).toThrow();
    expect(() => validateScannerConfig({ formatsToSupport: ['QR_CODE', 'BOGUS'] }, 300)).toThrow();
  });

  it('allows at most two scan types, camera or file', () => {
    expect(validateScannerConfig({ supportedScanTypes: ['file'] }, 300).supportedScanTypes).toEqual(['file']);
    expect(() => validateScannerConfig({ supportedScanTypes: ['camera', 'file', 'camera'] }, 300)).toThrow();
    expect(() => validateScannerConfig({ supportedScanTypes: ['laser'] }, 300)).toThrow();
  });

  it('camera config has exactly one of facingMode (user|environment) or deviceId', () => {
    expect(validateCameraConfig({ facingMode: 'environment' })).toEqual({ facingMode: 'environment' });
    expect(validateCameraConfig({ deviceId: 'abc' })).toEqual({ deviceId: 'abc' });
    expect(() => validateCameraConfig({ facingMode: 'left' })).toThrow();
    expect(() => validateCameraConfig({ facingMode: 'user', deviceId: 'abc' })).toThrow();
    expect(() => validateCameraConfig({})).toThrow();
  });

  it('rejects audio-only keys in video constraints', () => {
    expect(() => validateScannerConfig({ videoConstraints: { echoCancellation: true } }, 300)).toThrow();
    expect(() => validateScannerConfig({ videoConstraints: { width: 1280 } }, 300)).not.toThrow();
  });
});
