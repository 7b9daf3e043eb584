import type { Notification } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { addMark, applyMarks, badgeLabel, countUnread, unreadAfterMarks, visibleUnder } from './pending-marks';

const entry = (id: number, readtime: string | null = null): Notification => ({
  id,
  title: `T${id}`,
  text: '',
  route: '/',
  createdAt: '2026-11-26T08:00:00.000Z',
  readtime,
});
const at = '2026-11-26T09:00:00.000Z';

describe('pending marks', () => {
  it('shows a pending read as read and a pending delete as gone', () => {
    const items = [entry(3), entry(2), entry(1)];
    const shown = applyMarks(items, [
      { kind: 'read', id: 3, at },
      { kind: 'delete', id: 2 },
    ]);
    expect(shown.map((i) => [i.id, i.readtime])).toEqual([
      [3, at],
      [1, null],
    ]);
  });

  it('mark-all covers only entries up to the id the device had seen', () => {
    const shown = applyMarks(
      [entry(5), entry(4), entry(3, '2026-11-25T00:00:00.000Z')],
      [{ kind: 'read-all', upToId: 4, at }],
    );
    expect(shown.map((i) => i.readtime)).toEqual([null, at, '2026-11-25T00:00:00.000Z']);
  });

  it('keeps an earlier readtime and drops marks made pointless by a delete', () => {
    const marks = addMark(addMark([], { kind: 'read', id: 1, at }), { kind: 'delete', id: 1 });
    expect(marks).toEqual([{ kind: 'delete', id: 1 }]);
    expect(addMark(marks, { kind: 'read', id: 1, at })).toEqual(marks);
    expect(applyMarks([entry(2, 'früher')], [{ kind: 'read', id: 2, at }])[0]?.readtime).toBe('früher');
  });

  it('counts unread entries as the badge does (no readtime) and lowers the server count by pending marks', () => {
    const kept = [entry(3), entry(2), entry(1, at)];
    expect(countUnread(kept)).toBe(2);
    expect(unreadAfterMarks(7, kept, [{ kind: 'read', id: 3, at }])).toBe(6);
    expect(unreadAfterMarks(0, kept, [{ kind: 'read-all', upToId: 3, at }])).toBe(0);
    expect(visibleUnder('unread', kept).map((i) => i.id)).toEqual([3, 2]);
    expect(badgeLabel(5)).toBe('5');
    expect(badgeLabel(120)).toBe('99+');
  });
});
