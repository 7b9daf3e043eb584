import { Alert, Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_MESSAGES, SCANNER_MESSAGES, SCANNER_TEXTS } from '../core/messages';
import { setUiState, useScannerUi } from '../core/ui-store';
import { IMAGE_ACCEPT, isDroppableImage, shortenFileName, validatePick } from '../file/file-rules';

/** 'Datei scannen' (docs/spec.md §2): camera roll or file, one image, submits as soon as one is chosen or dropped. */
export function FileDialog() {
  const { t } = useTranslation('scanner');
  const { fileDialog, canSwap } = useScannerUi();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const answer = (file: File | null | 'camera') => {
    setUiState({ fileDialog: null });
    setError(null);
    setLoading(null);
    fileDialog?.(file);
  };
  const take = (files: FileList | File[] | null) => {
    const pick = validatePick(files ? Array.from(files) : null);
    if (!pick.ok) return setError(pick.message);
    setLoading(shortenFileName(pick.file.name));
    answer(pick.file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const files = Array.from(e.dataTransfer.files);
    if (files.some((f) => !isDroppableImage(f))) return setError(FILE_MESSAGES.wrongCount);
    take(files);
  };
  return (
    <Modal opened={fileDialog !== null} onClose={() => answer(null)} title={SCANNER_TEXTS.fileDialogTitle} centered>
      <Stack onDragOver={(e) => e.preventDefault()} onDrop={onDrop} data-testid="scanner-dropzone">
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={t('file.choose')}
          hidden
          onChange={(e) => take(e.currentTarget.files)}
        />
        <Button leftSection={<IconPhoto />} onClick={() => input.current?.click()}>
          {t('file.choose')}
        </Button>
        <Text size="sm" c="dimmed">
          {SCANNER_TEXTS.dropText}
        </Text>
        {/* docs/spec.md §4: camera and file swap by a link when both are allowed. */}
        {canSwap && (
          <Anchor
            component="button"
            type="button"
            onClick={() => answer('camera')}
            data-testid="scanner-swap-to-camera"
          >
            {t('swapToCamera')}
          </Anchor>
        )}
        {loading && <Text size="sm">{`${SCANNER_MESSAGES.loadingImage} ${loading}`}</Text>}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
