import { TextInput } from '@mantine/core';
import type { KeyboardEvent, RefObject } from 'react';

interface Props {
  label: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  onEnter: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * Quantity with the numeric keypad. A text field on purpose: a number field changes its value under the
 * mouse wheel or the arrow keys, and a miscount by a stray wheel turn must never happen.
 */
export function QuantityInput({ label, value, error, onChange, onEnter, inputRef }: Props) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
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
      data-autofocus
    />
  );
}
