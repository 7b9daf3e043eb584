import type { ScannerSettings, ScannerSource } from './scanner-settings';

export interface SettingsFormState {
  values: ScannerSettings;
  /** Source options the user may pick ('default' stands for the unset source). */
  disabledSources: ReadonlyArray<ScannerSource | 'default'>;
  showCameraChoices: boolean;
  showSizeFpsRatio: boolean;
}

/**
 * docs/spec.md §5: with no camera detected the form forces the source to file and disables default and camera;
 * docs/spec.md §2: camera choices hidden without a camera, size/fps/ratio hidden for the file source.
 */
export function settingsFormState(values: ScannerSettings, cameraCount: number): SettingsFormState {
  const hasCamera = cameraCount > 0;
  const forced: ScannerSettings = hasCamera ? values : { ...values, source: 'file', cameraId: null };
  return {
    values: forced,
    disabledSources: hasCamera ? [] : ['default', 'camera'],
    showCameraChoices: hasCamera,
    showSizeFpsRatio: forced.source !== 'file',
  };
}
