import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents } from '../../../lib/format';
import { subscribeScans } from '../../../scanner';
import { type AmountKey, applyAmountKey } from '../model/amount-entry';

const DIGITS: AmountKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0'];

/**
 * A handheld scan starts with one key that reaches the page before the burst is known to be a scan; a scan
 * completed this soon after a hardware key takes that key back out of the amount.
 */
const SCAN_KEY_TAKEBACK_MS = 300;

/** The key of a hardware keypad as a keypad key; null for keys the amount does not take. */
function hardwareKey(key: string): AmountKey | null {
  if (/^[0-9]$/.test(key)) return key as AmountKey;
  if (key === 'Backspace') return 'back';
  if (key === 'Delete' || key === 'Escape') return 'clear';
  return null;
}

/** Keys typed into a field or a dialog are theirs; keys a scan took (prevented) are the scanner's. */
const forKeypad = (e: KeyboardEvent) =>
  !e.defaultPrevented &&
  !e.ctrlKey &&
  !e.altKey &&
  !e.metaKey &&
  !(e.target instanceof Element && e.target.closest('input, textarea, select, [contenteditable], [role="dialog"]'));

/**
 * Big-button amount entry for gloved hands. A hardware keypad types into it too, wherever the focus is on
 * the screen (no tap on the display first): digits, Backspace, Delete/Escape to clear, Enter for onEnter.
 */
export function AmountKeypad({
  cents,
  onChange,
  onEnter,
  replacing = false,
}: {
  cents: number;
  onChange: (cents: number) => void;
  onEnter?: () => void;
  /** Shown for a correction: the next key replaces the amount (shown selected). */
  replacing?: boolean;
}) {
  const { t } = useTranslation('gift-cards');
  const press = (key: AmountKey) => onChange(applyAmountKey(cents, key, replacing));
  const latest = useRef({ cents, onChange, onEnter, replacing });
  latest.current = { cents, onChange, onEnter, replacing };
  const lastKey = useRef<{ before: number; at: number } | null>(null);
  useEffect(
    () =>
      subscribeScans(() => {
        const key = lastKey.current;
        lastKey.current = null;
        if (key && performance.now() - key.at <= SCAN_KEY_TAKEBACK_MS) latest.current.onChange(key.before);
      }),
    [],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!forKeypad(e)) return;
      const { cents: now, onChange: change, onEnter: enter, replacing: replace } = latest.current;
      if (e.key === 'Enter' && enter) {
        // A focused button takes its own Enter (the keypad's buttons, 'Weiter').
        if (e.target instanceof HTMLButtonElement) return;
        e.preventDefault();
        enter();
        return;
      }
      const key = hardwareKey(e.key);
      if (!key) return;
      e.preventDefault();
      lastKey.current = { before: now, at: performance.now() };
      change(applyAmountKey(now, key, replace));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Paper withBorder p="sm" tabIndex={0} role="textbox" aria-label={t('booking.amount')} aria-readonly>
        <Text ta="right" fz={32} fw={700} data-testid="gift-card-amount" data-replacing={replacing}>
          <Text span inherit bg={replacing ? 'blue.1' : undefined} px={replacing ? 4 : 0}>
            {formatMoneyCents(cents)}
          </Text>
        </Text>
      </Paper>
      <SimpleGrid cols={3} spacing="xs" role="group" aria-label={t('booking.keypad')}>
        {DIGITS.map((d) => (
          <Button key={d} size="lg" variant="default" onClick={() => press(d)}>
            {d}
          </Button>
        ))}
        <Button size="lg" variant="default" onClick={() => press('back')} aria-label={t('booking.backspace')}>
          <IconBackspace size={22} />
        </Button>
      </SimpleGrid>
      <Button variant="subtle" size="xs" onClick={() => press('clear')}>
        {t('booking.clear')}
      </Button>
    </>
  );
}
