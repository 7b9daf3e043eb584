import type { FocusEvent, MouseEvent } from 'react';

/**
 * Props for a number field opened for a correction: the old value is selected when the field takes the focus, by
 * a tap or by Tab, so typing replaces it (1 then 9 is 9, never 19). A tap's own click would put the caret where
 * the finger was and undo the selection: the click right after the focus selects again; later taps place the caret.
 */
export function selectOnFocus() {
  let focusing = false;
  return {
    onFocus: (e: FocusEvent<HTMLInputElement>) => {
      focusing = true;
      e.currentTarget.select();
    },
    onClick: (e: MouseEvent<HTMLInputElement>) => {
      if (focusing) e.currentTarget.select();
      focusing = false;
    },
    onBlur: () => {
      focusing = false;
    },
  };
}
