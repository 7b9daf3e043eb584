import { liveQuery } from 'dexie';
import { type DependencyList, useEffect, useState } from 'react';

/** A Dexie query that re-runs whenever the tables it read change (undefined until the first answer). */
export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
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
