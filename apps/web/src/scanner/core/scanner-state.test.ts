import { describe, expect, it } from 'vitest';
import { canTransition, ScannerState, ScannerStateMachine } from './scanner-state';

describe('scanner component states (spec §4)', () => {
  it('NOT_STARTED cannot go directly to PAUSED', () => {
    expect(canTransition(ScannerState.NOT_STARTED, 'pause')).toBe(false);
    expect(() => new ScannerStateMachine().apply('pause')).toThrow();
  });

  it('pause only while scanning, resume only while paused, stop from both', () => {
    const m = new ScannerStateMachine();
    expect(() => m.apply('resume')).toThrow();
    expect(() => m.apply('stop')).toThrow();
    expect(m.apply('start')).toBe(ScannerState.SCANNING);
    expect(() => m.apply('resume')).toThrow();
    expect(m.apply('pause')).toBe(ScannerState.PAUSED);
    expect(() => m.apply('pause')).toThrow();
    expect(m.apply('resume')).toBe(ScannerState.SCANNING);
    expect(m.apply('stop')).toBe(ScannerState.NOT_STARTED);
    m.apply('start');
    m.apply('pause');
    expect(m.apply('stop')).toBe(ScannerState.NOT_STARTED);
  });

  it('file scan only when not started', () => {
    const m = new ScannerStateMachine();
    expect(m.apply('scanFile')).toBe(ScannerState.NOT_STARTED);
    m.apply('start');
    expect(() => m.apply('scanFile')).toThrow();
  });
});
