import { describe, expect, it } from 'vitest';
import { WritePace } from './write-pace';

const bounds = { min: 50, max: 5000 };

describe('WritePace', () => {
  it('starts with the first size', () => {
    expect(new WritePace(1000, 100, bounds).next).toBe(1000);
  });

  it('shrinks after a transaction that took longer than the target, grows after a quick one', () => {
    const slow = new WritePace(1000, 100, bounds);
    slow.took(1000, 400);
    expect(slow.next).toBe(500);
    const quick = new WritePace(1000, 100, bounds);
    quick.took(1000, 25);
    expect(quick.next).toBe(2000);
  });

  it('settles at the size that takes the target when the time per record stays the same', () => {
    const pace = new WritePace(1000, 100, bounds);
    for (let i = 0; i < 20; i++) pace.took(pace.next, pace.next * 0.4);
    expect(pace.next).toBe(250);
  });

  it('keeps within its bounds, and a transaction of no records changes nothing', () => {
    const pace = new WritePace(1000, 100, bounds);
    pace.took(0, 0);
    expect(pace.next).toBe(1000);
    for (let i = 0; i < 20; i++) pace.took(pace.next, 60_000);
    expect(pace.next).toBe(50);
    for (let i = 0; i < 20; i++) pace.took(pace.next, 0);
    expect(pace.next).toBe(5000);
  });
});
