import { TextInput } from '@mantine/core';
import type { KeyboardEvent, RefObject } from 'react';
import { changesQuantity } from '../model/held-quantity';

interface Props {
  label: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  onEnter: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** After a refused scan: the quantity belongs to the article before, typed keys must not change it. */
  held?: boolean;
  /** The worker tapped the field: the quantity is theirs to change again. */
  onRelease?: () => void;
}

/**
 * Quantity with the numeric keypad. A text field on purpose: a number field changes its value under the
 * mouse wheel or the arrow keys, and a miscount by a stray wheel turn must never happen.
 */
export function QuantityInput({ label, value, error, onChange, onEnter, inputRef, held, onRelease }: Props) {
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
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^\d,.]/g, ''))}
      onKeyDown={onKeyDown}
      onWheel={(e) => e.currentTarget.blur()}
      onPointerDown={onRelease}
      data-autofocus
    />
  );
}
