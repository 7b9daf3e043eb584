import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureDb } from '../../offline/captures/capture-db';
import { queueExport } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { useExportPosition } from '../hooks/use-export-position';

interface Props {
  scope: CaptureScope;
  lineCount: number;
  /** BESTELLUNGEN_EDI = 'frage' (docs/spec.md §5): ask whether to transmit by EDI first. */
  asksEdi: boolean;
  /** STANDORT_ERFASSEN = 'true' (docs/spec.md §3 geo position): the export records where it was made. */
  recordsPosition: boolean;
  opened: boolean;
  onClose: () => void;
}

/** docs/spec.md §2 'Save and export dialog': the capture becomes a document; queued when offline. */
export function SaveExportDialog({ scope, lineCount, asksEdi, recordsPosition, opened, onClose }: Props) {
  const { t } = useTranslation('capture');
  const [edi, setEdi] = useState<'ja' | 'nein' | null>(null);
  const [busy, setBusy] = useState(false);
  const position = useExportPosition(recordsPosition);
  const confirm = async () => {
    setBusy(true);
    try {
      await queueExport(captureDb, scope, asksEdi ? edi === 'ja' : null, await position());
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('export.title')} centered>
      <Stack>
        <Text>{t('export.text', { count: lineCount })}</Text>
        {asksEdi && (
          <Stack gap={4}>
            <Text fw={500} id="edi-question">
              {t('export.ediQuestion')}
            </Text>
            <SegmentedControl
              aria-labelledby="edi-question"
              value={edi ?? ''}
              onChange={(v) => setEdi(v as 'ja' | 'nein')}
              data={[
                { value: 'ja', label: t('export.ediYes') },
                { value: 'nein', label: t('export.ediNo') },
              ]}
            />
          </Stack>
        )}
        {busy && recordsPosition && (
          <Text size="sm" c="dimmed" role="status">
            {t('export.locating')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('export.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={lineCount === 0 || (asksEdi && edi === null)}>
            {t('export.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
