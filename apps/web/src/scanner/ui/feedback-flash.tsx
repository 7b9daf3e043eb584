import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FeedbackKind } from '../feedback/feedback';
import { FLASH_MS, subscribeFlash } from '../feedback/flash-store';

const COLORS: Record<FeedbackKind, string> = {
  ok: 'rgba(47,158,68,0.35)',
  warning: 'rgba(245,159,0,0.45)',
  error: 'rgba(224,49,49,0.5)',
};

/**
 * A short full-screen colour flash for feedback.ok/warning/error, visible from arm's length. The overlay stays
 * mounted on its own layer and only its opacity changes, so a flash does not repaint the page under it while
 * the next scan is being saved.
 */
export function FeedbackFlash() {
  const [kind, setKind] = useState<FeedbackKind | null>(null);
  const [colour, setColour] = useState<FeedbackKind>('ok');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeFlash((k) => {
      setKind(k);
      setColour(k);
      clearTimeout(timer);
      timer = setTimeout(() => setKind(null), FLASH_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return (
    <Box
      aria-hidden
      data-testid={kind ? `scanner-flash-${kind}` : undefined}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        pointerEvents: 'none',
        background: COLORS[colour],
        opacity: kind ? 1 : 0,
        willChange: 'opacity',
      }}
    />
  );
}
