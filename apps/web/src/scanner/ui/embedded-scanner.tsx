import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBolt, IconBoltOff, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraSession } from '../camera/use-camera-session';
import { mountEmbeddedView, useScannerUi } from '../core/ui-store';
import { cancelFromUi } from '../service/scan-service';
import { CameraPicture, SwapToFileLink, ZoomSlider } from './camera-area';

/**
 * The further scanner view of docs/spec.md §2: a camera area inside a screen, with its close/cancel control. While a
 * screen shows it, a camera scan runs here and the screen's own fields stay in sight; elsewhere the
 * full-screen overlay is used.
 */
export function EmbeddedScanner() {
  const { embeddedOpen } = useScannerUi();
  useEffect(() => mountEmbeddedView(), []);
  if (!embeddedOpen) return null;
  return <EmbeddedContent />;
}

function EmbeddedContent() {
  const { t } = useTranslation('scanner');
  const videoRef = useRef<HTMLVideoElement>(null);
  const s = useCameraSession(videoRef, true);
  return (
    <Paper withBorder p="xs" data-testid="scanner-embedded">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon aria-label={t('close')} variant="light" color="gray" onClick={cancelFromUi}>
            <IconX />
          </ActionIcon>
          {s.caps.torch && (
            <ActionIcon aria-label={t('torch')} variant="light" color="gray" onClick={s.toggleTorch}>
              {s.torchOn ? <IconBoltOff /> : <IconBolt />}
            </ActionIcon>
          )}
        </Group>
        <CameraPicture videoRef={videoRef} session={s} width="100%" />
        {s.message && <Text role="status">{s.message}</Text>}
        <Group justify="center">
          <ZoomSlider session={s} />
          <SwapToFileLink />
        </Group>
      </Stack>
    </Paper>
  );
}
