import { GEO_LOOKUP, type GeoPosition } from '@mde/contracts';
import { useEffect, useRef } from 'react';
import { type GeoLookup, takeGeoPosition } from '../../lib/geo-position';

/**
 * The position an export records (docs/spec.md §3, module config STANDORT_ERFASSEN), looked up once as soon as the
 * export dialog opens, so it is usually known when the user confirms. The export waits at most for the
 * lookup's own 20 s (docs/spec.md §9), counted from the dialog's opening: a permission prompt left open does not
 * start the browser's timer, so a timer of our own ends the wait. Denied, timed out or unsupported: null.
 */
export function useExportPosition(enabled: boolean): () => Promise<GeoPosition | null> {
  const lookup = useRef<Promise<GeoPosition | null> | null>(null);
  const start = () => {
    if (!lookup.current) lookup.current = boundedPosition();
    return lookup.current;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start only reads the ref; the lookup runs once
  useEffect(() => {
    if (enabled) void start();
  }, [enabled]);
  return () => (enabled ? start() : Promise.resolve(null));
}

export function boundedPosition(take: () => Promise<GeoLookup> = takeGeoPosition): Promise<GeoPosition | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), GEO_LOOKUP.timeoutMs);
    void take().then((answer) => {
      clearTimeout(timer);
      resolve(answer.status === 'ok' ? answer.position : null);
    });
  });
}
