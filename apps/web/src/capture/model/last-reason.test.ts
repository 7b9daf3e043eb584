import { describe, expect, it } from 'vitest';
import { lastChosenReason } from './last-reason';

const line = (reason: string | null, updatedAt: string) => ({ reason, updatedAt }) as const;

describe('the reason last chosen in a Retoure', () => {
  it('is the reason of the line saved last, whatever the list order', () => {
    expect(
      lastChosenReason([
        line('defekt', '2026-11-27T08:00:00.000Z'),
        line('MHD abgelaufen', '2026-11-27T08:05:00.000Z'),
        line('Falschlieferung', '2026-11-27T08:01:00.000Z'),
      ] as never),
    ).toBe('MHD abgelaufen');
  });

  it('is none for the first line of a Retoure', () => {
    expect(lastChosenReason([])).toBeNull();
  });

  it('skips lines without a reason', () => {
    expect(
      lastChosenReason([line(null, '2026-11-27T09:00:00.000Z'), line('defekt', '2026-11-27T08:00:00.000Z')] as never),
    ).toBe('defekt');
  });
});
