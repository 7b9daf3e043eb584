import { Anchor, Box, Loader, Slider, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraSession } from '../camera/use-camera-session';
import { SCANNER_TEXTS } from '../core/messages';
import { useScannerUi } from '../core/ui-store';
import { swapToFile } from '../service/scan-service';
import { ZOOM_SLIDER } from '../settings/constants';

/** The camera picture with its scan frame and 'Starte Kamera' while starting: the same in both views (docs/spec.md §2). */
export function CameraPicture({
  videoRef,
  session: s,
  width,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  session: CameraSession;
  width: string;
}) {
  const { t } = useTranslation('scanner');
  return (
    <Box aria-label={t('cameraArea')} style={{ position: 'relative', width, background: '#000' }}>
      <video ref={videoRef} playsInline muted style={{ width: '100%', display: 'block', minHeight: 160 }} />
      <Box
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: s.qrBox.width,
          height: s.qrBox.height,
          maxWidth: '100%',
          maxHeight: '100%',
          transform: 'translate(-50%, -50%)',
          border: '3px solid rgba(255,255,255,0.9)',
          borderRadius: 8,
          pointerEvents: 'none',
        }}
      />
      {s.starting && (
        <Stack align="center" gap="xs" pos="absolute" top="30%" left={0} right={0} c="white">
          <IconCamera size={48} />
          <Text c="white">{SCANNER_TEXTS.startingCamera}</Text>
          <Loader color="white" />
        </Stack>
      )}
    </Box>
  );
}

/** The zoom slider (min 1, max 5, step 0.1), shown when the camera can zoom. */
export function ZoomSlider({ session: s }: { session: CameraSession }) {
  const { t } = useTranslation('scanner');
  if (!s.caps.zoom) return null;
  return (
    <Slider
      // The thumb is what a screen reader lands on (role slider): it carries the name, not the wrapper.
      thumbLabel={t('zoom')}
      style={{ flex: 1 }}
      min={ZOOM_SLIDER.min}
      max={ZOOM_SLIDER.max}
      step={ZOOM_SLIDER.step}
      value={s.zoom}
      onChange={s.changeZoom}
    />
  );
}

/** docs/spec.md §4: the link that swaps the camera for a file, offered when both are allowed. */
export function SwapToFileLink({ c }: { c?: string }) {
  const { t } = useTranslation('scanner');
  const { canSwap } = useScannerUi();
  if (!canSwap) return null;
  return (
    <Anchor component="button" type="button" c={c} onClick={swapToFile} data-testid="scanner-swap-to-file">
      {t('swapToFile')}
    </Anchor>
  );
}
