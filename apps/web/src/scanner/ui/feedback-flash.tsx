import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FeedbackKind } from '../feedback/feedback';
import { subscribeFlash } from '../feedback/flash-store';

const COLORS: Record<FeedbackKind, string> = {
  ok: 'rgba(47,158,68,0.35)',
  warning: 'rgba(245,159,0,0.45)',
  error: 'rgba(224,49,49,0.5)',
};

/** A short full-screen colour flash for feedback.ok/warning/error, visible from arm's length. */
export function FeedbackFlash() {
  const [kind, setKind] = useState<FeedbackKind | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeFlash((k) => {
      setKind(k);
      clearTimeout(timer);
      timer = setTimeout(() => setKind(null), 350);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  if (!kind) return null;
  return (
    <Box
      data-testid={`scanner-flash-${kind}`}
      style={{ position: 'fixed', inset: 0, zIndex: 1000, pointerEvents: 'none', background: COLORS[kind] }}
    />
  );
}
