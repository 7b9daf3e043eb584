import { NumberInput, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { SCANNER_LIST_PRIORITY, SCANNER_TEXTS } from '../core/messages';
import { ASPECT_RATIO_CHOICES, FORM_FPS_FALLBACK, SCAN_AREA_CHOICES } from '../settings/constants';
import { settingsFormState } from '../settings/form-rules';
import type { ScannerSettings } from '../settings/scanner-settings';
import { loadScannerSettings, saveScannerSettings } from '../settings/settings-store';
import { useCameras } from './use-cameras';
import { WedgeSettingsPanel } from './wedge-settings-panel';

// docs/spec.md §2: the panel's German labels, word for word.
const LABELS = {
  source: 'Quelle',
  camera: 'Kamera',
  area: 'Scan Bereich',
  ratio: 'Seitenverhältniss',
  fps: 'FPS',
  standard: 'Standard',
  file: 'Datei',
  prompt: 'Dialog',
} as const;

const DEFAULT = '__default__';

/** Scanner settings panel (docs/spec.md §2) for the settings page; rules live in settings/form-rules. */
export function ScannerSettingsPanel() {
  const cameras = useCameras();
  const [stored, setStored] = useState<ScannerSettings>(loadScannerSettings);
  const form = settingsFormState(stored, cameras?.length ?? 0);
  const v = form.values;
  const save = (patch: Partial<ScannerSettings>) => {
    const next = { ...v, ...patch };
    setStored(next);
    saveScannerSettings(next);
  };
  const sources = [
    { value: DEFAULT, label: LABELS.standard, disabled: form.disabledSources.includes('default') },
    { value: 'prompt', label: LABELS.prompt },
    { value: 'camera', label: LABELS.camera, disabled: form.disabledSources.includes('camera') },
    { value: 'file', label: LABELS.file },
  ];
  return (
    <Stack>
      {/* docs/spec.md §2: the camera scanner is listed as 'Camera (HTML5)' with priority 6. */}
      <Title order={4} data-testid="scanner-list-title" data-priority={SCANNER_LIST_PRIORITY}>
        {SCANNER_TEXTS.listTitle}
      </Title>
      <Select
        label={LABELS.source}
        data={sources}
        value={v.source ?? DEFAULT}
        allowDeselect={false}
        onChange={(s) => save({ source: s === DEFAULT || !s ? null : (s as ScannerSettings['source']) })}
      />
      {form.showCameraChoices && (
        <Select
          label={LABELS.camera}
          data={[
            { value: DEFAULT, label: LABELS.standard },
            ...(cameras ?? []).map((c) => ({ value: c.id, label: c.label })),
          ]}
          value={v.cameraId ?? DEFAULT}
          allowDeselect={false}
          onChange={(id) => save({ cameraId: id === DEFAULT || !id ? null : id })}
        />
      )}
      {form.showSizeFpsRatio && (
        <>
          <Select
            label={LABELS.area}
            data={SCAN_AREA_CHOICES.map((c) => c.name)}
            value={v.qrBox.name}
            allowDeselect={false}
            onChange={(name) => {
              const box = SCAN_AREA_CHOICES.find((c) => c.name === name);
              if (box) save({ qrBox: { ...box } });
            }}
          />
          <NumberInput
            label={LABELS.fps}
            min={1}
            max={1000}
            value={v.fps}
            onChange={(n) => save({ fps: typeof n === 'number' && n > 0 ? n : FORM_FPS_FALLBACK })}
          />
          <Select
            label={LABELS.ratio}
            data={ASPECT_RATIO_CHOICES.map((c) => ({ value: String(c.value), label: c.label }))}
            value={String(v.aspectRatio)}
            allowDeselect={false}
            onChange={(r) => save({ aspectRatio: Number(r) || 1 })}
          />
        </>
      )}
      <WedgeSettingsPanel />
    </Stack>
  );
}
