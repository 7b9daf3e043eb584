import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents } from '../../../lib/format';
import { type AmountKey, applyAmountKey } from '../model/amount-entry';

const DIGITS: AmountKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0'];

/** Big-button amount entry for gloved hands; a hardware keyboard types into the display too. */
export function AmountKeypad({ cents, onChange }: { cents: number; onChange: (cents: number) => void }) {
  const { t } = useTranslation('gift-cards');
  const press = (key: AmountKey) => onChange(applyAmountKey(cents, key));
  return (
    <>
      <Paper
        withBorder
        p="sm"
        tabIndex={0}
        role="textbox"
        aria-label={t('booking.amount')}
        aria-readonly
        onKeyDown={(e) => {
          if (/^[0-9]$/.test(e.key)) press(e.key as AmountKey);
          else if (e.key === 'Backspace') press('back');
          else if (e.key === 'Delete' || e.key === 'Escape') press('clear');
        }}
      >
        <Text ta="right" fz={32} fw={700} data-testid="gift-card-amount">
          {formatMoneyCents(cents)}
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
