import type { WarehouseLocation } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { feedback } from '../../scanner';
import { useWarehouseLocations } from '../api/warehouses';
import type { CaptureModuleDef } from '../capture-module';
import { saveLocation } from '../model/list-preferences';
import { locationOfCode } from '../model/location-code';

/**
 * A shelf label scanned anywhere in a count by storage location (the list or an article's entry) sets the
 * location: no tap first, no open code. `take` is the scan handlers' first step: true when the code was a
 * location of the warehouse (then it is set), false for anything else, which goes on to the articles.
 */
export function useLocationScan(
  def: CaptureModuleDef,
  warehouseId: number | null | undefined,
  onLocation: (code: string) => void,
): { locations: readonly WarehouseLocation[]; take: ((code: string) => boolean) | undefined } {
  const { t } = useTranslation('capture');
  const locations = useWarehouseLocations(warehouseId);
  if (!warehouseId) return { locations, take: undefined };
  const take = (code: string) => {
    const hit = locationOfCode(code, locations);
    if (!hit) return false;
    feedback.ok();
    // The list keeps the location for the next scans, also when it was set in an article's entry.
    if (def.locationFirst) saveLocation(def.info.key, hit.code);
    onLocation(hit.code);
    notifySuccess(t('list.locationSet', { location: `${hit.code} (${hit.name})` }));
    return true;
  };
  return { locations, take };
}
