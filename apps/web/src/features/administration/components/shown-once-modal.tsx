import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The secret; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  hint: string;
  closeLabel: string;
  testId: string;
  onClose: () => void;
}

/**
 * A secret the server keeps only as a hash (a one-time password, an API key, a webhook's signing secret): shown
 * this once, with a copy button, and gone when the dialog closes.
 */
export function ShownOnceModal({ secret, title, hint, closeLabel, testId, onClose }: Props) {
  const { t } = useTranslation('administration');
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title}>
      {secret !== null && (
        <Stack gap="sm">
          <Text size="sm">{hint}</Text>
          <Code block fz="md" data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('shownOnce.copied') : t('shownOnce.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{closeLabel}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
