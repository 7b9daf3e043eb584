import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one-time password, shown once (the server keeps only its hash). */
export function OneTimePasswordModal({
  shown,
  onClose,
}: {
  shown: { name: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-users');
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('password.title')}>
      {shown && (
        <Stack>
          <Text>{t('password.intro', { name: shown.name })}</Text>
          <Code fz="lg" data-testid="one-time-password">
            {shown.password}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={shown.password}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('password.copied') : t('password.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('password.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
