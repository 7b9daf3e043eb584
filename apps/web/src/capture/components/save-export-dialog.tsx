import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { ediPreset } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptureScope } from '../../offline/captures/rows';
import { moduleConfigQuery } from '../../session/module-config';
import type { CaptureModuleDef } from '../capture-module';
import { queueExport } from '../hooks/device-store';
import { useExportPosition } from '../hooks/use-export-position';

interface Props {
  def: CaptureModuleDef;
  scope: CaptureScope;
  lineCount: number;
  /** BESTELLUNGEN_EDI = 'frage' (docs/spec.md §5): ask whether to transmit by EDI first. */
  asksEdi: boolean;
  /** STANDORT_ERFASSEN = 'true' (docs/spec.md §3 geo position): the export records where it was made. */
  recordsPosition: boolean;
  opened: boolean;
  onClose: () => void;
}

const noWarning = (_scope: CaptureScope): string | null => null;

/** docs/spec.md §2 'Save and export dialog': the capture becomes a document; queued when offline. */
export function SaveExportDialog({ def, scope, lineCount, asksEdi, recordsPosition, opened, onClose }: Props) {
  const { t } = useTranslation('capture');
  const config = useQuery(moduleConfigQuery()).data;
  // The firma's usual answer is preselected, so the export is one tap; the worker can still change it.
  const [edi, setEdi] = useState<'ja' | 'nein'>(() => ediPreset(config, def.info.configName));
  const [busy, setBusy] = useState(false);
  const position = useExportPosition(recordsPosition);
  // A count that misses lines of its document: say what is missing and offer to go on counting first.
  const warning = (def.useExportWarning ?? noWarning)(scope);
  const confirm = async () => {
    setBusy(true);
    try {
      await queueExport(scope, asksEdi ? edi === 'ja' : null, await position());
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('export.title')} centered>
      <Stack>
        <Text>{t('export.text', { count: lineCount })}</Text>
        {warning && (
          <Alert color="yellow" data-testid="export-warning">
            <Text fw={700} size="sm">
              {t('export.partialTitle')}
            </Text>
            <Text size="sm">{warning}</Text>
          </Alert>
        )}
        {asksEdi && (
          <Stack gap={4}>
            <Text fw={500} id="edi-question">
              {t('export.ediQuestion')}
            </Text>
            <SegmentedControl
              aria-labelledby="edi-question"
              value={edi}
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
          {warning ? (
            <Button onClick={onClose} data-autofocus>
              {t('export.keepCounting')}
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              {t('export.cancel')}
            </Button>
          )}
          {/* Enter does what the dialog is for; with lines missing, the safe answer above has the focus. */}
          <Button
            variant={warning ? 'default' : 'filled'}
            data-autofocus={warning ? undefined : true}
            onClick={() => void confirm()}
            loading={busy}
            disabled={lineCount === 0}
          >
            {warning ? t('export.confirmPartial') : t('export.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
