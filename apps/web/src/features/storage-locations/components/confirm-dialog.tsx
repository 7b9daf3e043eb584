import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  question: string;
  onYes: () => void;
  onNo: () => void;
  /**
   * The answer that loses nothing, highlighted and focused first (Enter gives it). 'no' where "Ja" discards or
   * removes something; 'yes' where "Ja" only goes on.
   */
  safeAnswer: 'yes' | 'no';
}

/** A yes/no question; closing it any other way counts as "Nein". */
export function ConfirmDialog({ opened, title, question, onYes, onNo, safeAnswer }: Props) {
  const { t } = useTranslation('storage-locations');
  const safe = (answer: 'yes' | 'no') =>
    answer === safeAnswer ? { variant: 'filled', 'data-autofocus': true } : { variant: 'default' };
  return (
    <Modal opened={opened} onClose={onNo} title={title} centered>
      <Stack gap="md">
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button onClick={onNo} size="md" {...safe('no')}>
            {t('no')}
          </Button>
          <Button onClick={onYes} size="md" {...safe('yes')}>
            {t('yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
