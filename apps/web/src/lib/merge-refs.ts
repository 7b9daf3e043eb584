import { type Ref, type RefCallback, useMemo } from 'react';

type Refs<T> = ReadonlyArray<Ref<T> | undefined>;

function mergedRef<T>(refs: Refs<T>): RefCallback<T> | null {
  if (refs.every((ref) => ref == null)) return null;
  return (value: T | null) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const cleanup = ref(value);
        return typeof cleanup === 'function' ? cleanup : () => ref(null);
      }
      ref.current = value;
      return () => {
        ref.current = null;
      };
    });
    return () => {
      for (const cleanup of cleanups) cleanup?.();
    };
  };
}

/**
 * One callback ref that feeds several refs (React 19: a callback ref may return its cleanup).
 * Stands in for floating-ui's hook of the same name inside Mantine's ScrollArea (vite.config.ts), so a
 * dialog does not bring the whole floating-ui bundle with it. Like that hook, the refs are the memo's
 * dependencies, so callers pass a list of constant length.
 */
export function useMergeRefs<T>(refs: Refs<T>): RefCallback<T> | null {
  return useMemo(
    () => mergedRef(refs),
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies.
    refs,
  );
}
