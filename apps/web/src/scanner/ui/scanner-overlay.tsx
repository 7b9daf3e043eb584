import { ActionIcon, Box, Group, Loader, Portal, Slider, Stack, Text } from '@mantine/core';
import { IconBolt, IconBoltOff, IconCamera, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraSession } from '../camera/use-camera-session';
import { SCANNER_TEXTS } from '../core/messages';
import { useScannerUi } from '../core/ui-store';
import { cancelFromUi } from '../service/scan-service';
import { ZOOM_SLIDER } from '../settings/constants';

/** Full-screen camera overlay (§2): close top left, torch top right, 'Starte Kamera' while starting. */
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
        <Box aria-label={t('cameraArea')} style={{ position: 'relative', width: 'min(100vw, 640px)' }}>
          <video ref={videoRef} playsInline muted style={{ width: '100%', display: 'block' }} />
          <Box
            style={{
              position: 'absolute',
              left: '50%',
              top: '50%',
              width: s.qrBox.width,
              height: s.qrBox.height,
              maxWidth: '100%',
              transform: 'translate(-50%, -50%)',
              border: '3px solid rgba(255,255,255,0.9)',
              borderRadius: 8,
              pointerEvents: 'none',
            }}
          />
          {s.starting && (
            <Stack align="center" gap="xs" pos="absolute" top="40%" left={0} right={0} c="white">
              <IconCamera size={48} />
              <Text c="white">{SCANNER_TEXTS.startingCamera}</Text>
              <Loader color="white" />
            </Stack>
          )}
        </Box>
        {s.message && (
          <Text role="status" c="white" pos="absolute" bottom={96} ta="center" w="100%">
            {s.message}
          </Text>
        )}
        {s.caps.zoom && (
          <Group pos="absolute" bottom={32} left={24} right={24} onClick={(e) => e.stopPropagation()}>
            <Slider
              aria-label={t('zoom')}
              style={{ flex: 1 }}
              min={ZOOM_SLIDER.min}
              max={ZOOM_SLIDER.max}
              step={ZOOM_SLIDER.step}
              value={s.zoom}
              onChange={s.changeZoom}
            />
          </Group>
        )}
      </Box>
    </Portal>
  );
}
