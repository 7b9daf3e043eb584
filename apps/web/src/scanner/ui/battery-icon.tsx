import { Tooltip } from '@mantine/core';
import { IconBatteryOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { batteryColor } from '../battery/battery-level';
import { useBatteryLevel } from '../battery/use-battery';

/** Battery icon on the handheld (docs/spec.md §4): shown in orange below 20 %, hidden otherwise. */
export function BatteryIcon() {
  const { t } = useTranslation('scanner');
  const level = useBatteryLevel();
  const color = batteryColor(level);
  if (!color) return null;
  return (
    <Tooltip label={t('battery', { level })}>
      <IconBatteryOff aria-label={t('battery', { level })} color={`var(--mantine-color-${color}-6)`} />
    </Tooltip>
  );
}
