import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Ending a blind count that has not reached every document line: says how many are counted, and offers to
 * keep counting first (the safe answer), since the comparison shows the expected quantities from then on.
 */
export function FinishCountDialog({
  opened,
  coverage,
  onKeepCounting,
  onFinish,
}: {
  opened: boolean;
  coverage: { counted: number; total: number };
  onKeepCounting: () => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation('goods-receipt-check');
  return (
    <Modal opened={opened} onClose={onKeepCounting} title={t('finish.title')} centered>
      <Stack>
        <Text data-testid="finish-warning">{t('partial', coverage)}</Text>
        <Text size="sm">{t('finish.text')}</Text>
        <Button onClick={onKeepCounting} data-autofocus>
          {t('finish.keepCounting')}
        </Button>
        <Button variant="default" onClick={onFinish}>
          {t('finish.confirm')}
        </Button>
      </Stack>
    </Modal>
  );
}
