import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDateEntry } from '../lib/date-entry';
import { formatDate } from '../lib/format';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** 'YYYY-MM-DD' or '' (no date yet). */
  value: string;
  /** Called with 'YYYY-MM-DD' once the text is a date, with '' when it is emptied. */
  onChange: (iso: string) => void;
}

/**
 * A date field that reads and shows dd.MM.yy like every other date in the app, instead of the browser's
 * own date control with its locale format (dd.mm.yyyy, or mm/dd/yyyy on an English device).
 */
export function DateField({ value, onChange, error, ...rest }: Props) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => formatDate(value));
  const [invalid, setInvalid] = useState(false);
  // A value set from outside (a stored header, another device) is shown in the app's format.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the value reformats, not typing
  useEffect(() => {
    if ((parseDateEntry(text) ?? '') !== value) setText(formatDate(value));
  }, [value]);
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('datePlaceholder')}
      value={text}
      error={error ?? (invalid ? t('dateInvalid') : undefined)}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const iso = parseDateEntry(next);
        setInvalid(false);
        // Text that is no date (yet) leaves no date behind: the form cannot go on with a stale one.
        onChange(iso ?? '');
      }}
      onBlur={(e) => {
        const iso = parseDateEntry(text);
        if (iso) setText(formatDate(iso));
        else setInvalid(text.trim() !== '');
        rest.onBlur?.(e);
      }}
    />
  );
}
