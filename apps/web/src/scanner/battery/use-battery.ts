import { useEffect, useState } from 'react';

interface BatteryManagerLike extends EventTarget {
  level: number;
}

/** Battery level in percent where the Battery Status API exists (Chromium on Android handhelds), else null. */
export function useBatteryLevel(): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const nav = navigator as Navigator & { getBattery?: () => Promise<BatteryManagerLike> };
    if (!nav.getBattery) return;
    let battery: BatteryManagerLike | null = null;
    const update = () => battery && setLevel(Math.round(battery.level * 100));
    void nav.getBattery().then((b) => {
      battery = b;
      update();
      b.addEventListener('levelchange', update);
    });
    return () => battery?.removeEventListener('levelchange', update);
  }, []);
  return level;
}
