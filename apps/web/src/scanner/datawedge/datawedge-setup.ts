import { bootedDataWedge } from '../handheld-boot';
import { deliverHandheld } from '../service/scan-service';
import { createDataWedgeBridge, type DataWedgeBridge, findDataWedgePlugin } from './datawedge-bridge';

export const DATAWEDGE_PROFILE = 'MDE';
const PACKAGE_NAME = 'de.mde.app';

let bridge: DataWedgeBridge | null = null;

/** The bridge (unavailable in a plain browser, where the keyboard wedge serves). */
export function dataWedge(): DataWedgeBridge {
  bridge ??= bootedDataWedge() ?? createDataWedgeBridge(findDataWedgePlugin());
  return bridge;
}

/** At start: profile created if missing, assigned to the app, made active (docs/spec.md §4); scans go to the arbiter. */
export function setupDataWedge(): () => void {
  const dw = dataWedge();
  if (!dw.available) return () => undefined;
  void dw.setupProfile(DATAWEDGE_PROFILE, PACKAGE_NAME).catch((e: unknown) => console.error(e));
  // The bridge started with the page already hands its scans to the wedge service (handheld-boot.ts).
  if (bootedDataWedge()) return () => undefined;
  return dw.onScan((data, labelType) => deliverHandheld(data, 'datawedge', labelType));
}
