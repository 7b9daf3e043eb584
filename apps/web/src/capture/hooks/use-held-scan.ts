import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../scanner';

/**
 * A scan made while the form is refused (a Retoure line without its reason) is held, not lost: the worker hears
 * the error tone, the form says what is missing, and the scan is answered once the entry is saved or the
 * form is left. `hold` resolves then; `release` is called by the save.
 */
export function useHeldScan() {
  const waiting = useRef<(() => void) | null>(null);
  const [held, setHeld] = useState(false);
  const release = () => {
    const answer = waiting.current;
    waiting.current = null;
    setHeld(false);
    answer?.();
    return answer !== null;
  };
  // Leaving the form abandons its entry; the scan still opens its article.
  useEffect(
    () => () => {
      waiting.current?.();
      waiting.current = null;
    },
    [],
  );
  const hold = () =>
    new Promise<void>((resolve) => {
      waiting.current = resolve;
      setHeld(true);
      feedback.error();
    });
  return { held, hold, release };
}
