import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

// A light badge keeps its tinted ground but writes in the page's text colour: Mantine's own text shade of a
// light badge (green, yellow, orange) stays below 4.5:1 on that ground, and these badges carry a state to read.
const label = { label: { color: 'var(--mantine-color-text)' } };

export function ReadableBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" styles={label}>
      {children}
    </Badge>
  );
}
