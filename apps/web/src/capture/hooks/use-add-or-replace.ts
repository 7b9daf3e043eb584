import { useState } from 'react';
import type { CaptureLineRow } from '../../offline/captures/rows';
import type { MergeMode } from '../commit-entry';

/**
 * docs/modules.md#capture-engine: an article already on the list asks whether the new count is added to its
 * line or replaces it. `ask` resolves with the answer, null when the worker cancels (the count stays typed).
 */
export function useAddOrReplace() {
  const [question, setQuestion] = useState<{ line: CaptureLineRow; answer: (m: MergeMode | null) => void } | null>(
    null,
  );
  const ask = (line: CaptureLineRow) =>
    new Promise<MergeMode | null>((resolve) =>
      setQuestion({
        line,
        answer: (mode) => {
          setQuestion(null);
          resolve(mode);
        },
      }),
    );
  return { asked: question?.line ?? null, answer: (mode: MergeMode | null) => question?.answer(mode), ask };
}
