import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Stack>
        <Title order={3} id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
