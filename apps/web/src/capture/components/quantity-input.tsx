import { TextInput } from '@mantine/core';
import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { changesQuantity } from '../model/held-quantity';

interface Props {
  label: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  onEnter: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Keys that would change the quantity are not taken (after a refused scan or a refused form). */
  held?: boolean;
  /** The worker tapped the field: the quantity is theirs to change again. */
  onRelease?: () => void;
  /** Changes when the text is to be selected, so the next key replaces it (a correction, a refused count). */
  selectOn?: number;
}

/** Focused with its text selected: typed keys replace the count instead of joining it (1 and 9 never make 19). */
const focusSelected = (field: HTMLInputElement | null) => {
  if (!field) return;
  field.focus({ preventScroll: true });
  field.select();
};

/**
 * Quantity with the numeric keypad. A text field on purpose: a number field changes its value under the
 * mouse wheel or the arrow keys, and a miscount by a stray wheel turn must never happen.
 */
export function QuantityInput({ label, value, error, onChange, onEnter, inputRef, held, onRelease, selectOn }: Props) {
  // Faster hands: the scan opened this screen, the quantity is next. Focused and selected, so a hardware
  // keypad types the count over the proposed one and Enter saves, without a tap on the field.
  // In the frame that first shows the field, not in the task that draws it: focus makes the browser lay out the
  // whole new sheet at once, in the middle of its drawing, and again once the rest of the sheet has changed it;
  // done just before the frame's paint, that layout is the frame's own and the field shows focused.
  useEffect(() => {
    const frame = requestAnimationFrame(() => focusSelected(inputRef.current));
    return () => cancelAnimationFrame(frame);
  }, [inputRef]);
  useEffect(() => {
    if (selectOn) focusSelected(inputRef.current);
  }, [selectOn, inputRef]);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (held && changesQuantity(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') e.preventDefault();
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    }
  };
  return (
    <TextInput
      ref={inputRef}
      label={label}
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      size="xl"
      value={value}
      error={error ?? undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      onWheel={(e) => e.currentTarget.blur()}
      onPointerDown={onRelease}
      data-autofocus
    />
  );
}
