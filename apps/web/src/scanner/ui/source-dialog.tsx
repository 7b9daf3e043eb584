import { Button, Group, Modal } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCANNER_TEXTS } from '../core/messages';
import { setUiState, useScannerUi } from '../core/ui-store';
import type { ResolvedSource } from '../settings/source-resolution';

/** Source dialog 'Quelle' (docs/spec.md §2): camera or file; closing it counts as cancelled (§4). */
export function SourceDialog() {
  const { t } = useTranslation('scanner');
  const { sourceDialog } = useScannerUi();
  const answer = (choice: ResolvedSource | null) => {
    setUiState({ sourceDialog: null });
    sourceDialog?.(choice);
  };
  return (
    <Modal opened={sourceDialog !== null} onClose={() => answer(null)} title={SCANNER_TEXTS.sourceDialogTitle} centered>
      <Group grow>
        <Button leftSection={<IconCamera />} onClick={() => answer('camera')}>
          {t('source.camera')}
        </Button>
        <Button leftSection={<IconPhoto />} variant="light" onClick={() => answer('file')}>
          {t('source.file')}
        </Button>
      </Group>
    </Modal>
  );
}
