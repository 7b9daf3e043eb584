import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  question: string;
  onYes: () => void;
  onNo: () => void;
}

/** A yes/no question; closing it any other way counts as "Nein". */
export function ConfirmDialog({ opened, title, question, onYes, onNo }: Props) {
  const { t } = useTranslation('storage-locations');
  return (
    <Modal opened={opened} onClose={onNo} title={title} centered>
      <Stack gap="md">
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onNo} size="md">
            {t('no')}
          </Button>
          <Button onClick={onYes} size="md">
            {t('yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
