import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import type { CaptureLineRow } from '../../offline/captures/rows';
import type { MergeMode } from '../commit-entry';

interface Props {
  line: CaptureLineRow | null;
  onAnswer: (mode: MergeMode | null) => void;
}

/** docs/modules.md#capture-engine: an article already on the list asks whether to add to its quantity or replace it. */
export function AddOrReplaceDialog({ line, onAnswer }: Props) {
  const { t } = useTranslation('capture');
  return (
    <Modal opened={line !== null} onClose={() => onAnswer(null)} title={t('article.alreadyTitle')} centered>
      {line && (
        <Stack>
          <Text>
            {t('article.alreadyText', {
              designation: line.designation,
              quantity: formatQuantity(line.quantity),
              unit: line.unit,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onAnswer(null)}>
              {t('article.cancel')}
            </Button>
            <Button variant="light" onClick={() => onAnswer('replace')}>
              {t('article.replace')}
            </Button>
            <Button onClick={() => onAnswer('add')} data-autofocus>
              {t('article.add')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
