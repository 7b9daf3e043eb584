// Whether the notification stream is open: while it is, the bell needs no poll (unread-count.ts reads this each
// time its interval comes round).
let live = false;

export const streamLive = () => live;

export function setStreamLive(value: boolean) {
  live = value;
}
