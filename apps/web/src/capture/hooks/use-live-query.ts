import { liveQuery } from 'dexie';
import { type DependencyList, useEffect, useState } from 'react';

/**
 * A Dexie query that re-runs whenever the tables it read change: undefined until the first answer, or the
 * `known` value meanwhile (what another screen read a moment ago, so this one need not wait to draw).
 */
export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList, known?: T): T | undefined {
  const [value, setValue] = useState<T | undefined>(known);
  useEffect(
    () => {
      const subscription = liveQuery(query).subscribe({ next: setValue, error: () => setValue(undefined) });
      return () => subscription.unsubscribe();
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists the query's inputs
    deps,
  );
  return value;
}
