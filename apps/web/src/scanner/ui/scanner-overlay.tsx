import { ActionIcon, Box, Group, Portal, Text } from '@mantine/core';
import { IconBolt, IconBoltOff, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraSession } from '../camera/use-camera-session';
import { useScannerUi } from '../core/ui-store';
import { cancelFromUi } from '../service/scan-service';
import { CameraPicture, SwapToFileLink, ZoomSlider } from './camera-area';

/** Full-screen camera overlay (docs/spec.md §2): close top left, torch top right, 'Starte Kamera' while starting. */
export function ScannerOverlay() {
  const { overlayOpen } = useScannerUi();
  if (!overlayOpen) return null;
  return <OverlayContent />;
}

function OverlayContent() {
  const { t } = useTranslation('scanner');
  const videoRef = useRef<HTMLVideoElement>(null);
  const s = useCameraSession(videoRef, true);
  return (
    <Portal>
      <Box
        data-testid="scanner-backdrop"
        onClick={(e) => e.target === e.currentTarget && cancelFromUi()}
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 400,
          background: 'rgba(0,0,0,0.75)',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <ActionIcon
          aria-label={t('close')}
          variant="filled"
          color="dark"
          size="xl"
          onClick={cancelFromUi}
          pos="absolute"
          top={12}
          left={12}
        >
          <IconX />
        </ActionIcon>
        {s.caps.torch && (
          <ActionIcon
            aria-label={t('torch')}
            variant="filled"
            color="dark"
            size="xl"
            onClick={s.toggleTorch}
            pos="absolute"
            top={12}
            right={12}
          >
            {s.torchOn ? <IconBoltOff /> : <IconBolt />}
          </ActionIcon>
        )}
        <CameraPicture videoRef={videoRef} session={s} width="min(100vw, 640px)" />
        {s.message && (
          <Text role="status" c="white" pos="absolute" bottom={96} ta="center" w="100%">
            {s.message}
          </Text>
        )}
        <Group pos="absolute" bottom={32} left={24} right={24} justify="center" onClick={(e) => e.stopPropagation()}>
          <ZoomSlider session={s} />
          <SwapToFileLink c="white" />
        </Group>
      </Box>
    </Portal>
  );
}
