import { Badge, Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import type { ShownLine } from '../model/note-overlay';

/** One article of the note: expected and counted quantity; a surplus article is flagged; the count can be corrected. */
export function NoteLine({
  line,
  editable,
  onCorrect,
}: {
  line: ShownLine;
  editable: boolean;
  onCorrect: (quantity: number) => void;
}) {
  const { t } = useTranslation('delivery-notes');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(line.counted);
  const color = line.unexpected ? 'orange' : line.difference === 0 ? undefined : 'red';
  return (
    <Paper
      withBorder
      p="xs"
      bg={color ? `${color}.0` : undefined}
      data-testid="note-line"
      data-article={line.articleNumber}
      data-unexpected={line.unexpected}
      data-pending={line.pending}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line.articleNumber} · {line.designation}
        </Text>
        {line.unexpected && (
          <Badge color="orange" style={{ flexShrink: 0 }}>
            {t('detail.unexpected')}
          </Badge>
        )}
      </Group>
      <Text size="xs" data-testid="note-line-figures" style={{ overflowWrap: 'anywhere' }}>
        {t('detail.figures', {
          expected: formatQuantity(line.expected, line.unit),
          counted: formatQuantity(line.counted, line.unit),
          difference: formatQuantity(line.difference),
        })}
      </Text>
      {editable && !editing && (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => {
            setValue(line.counted);
            setEditing(true);
          }}
        >
          {t('detail.correct')}
        </Button>
      )}
      {editable && editing && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NumberInput
            label={t('detail.countedLabel', { unit: line.unit })}
            aria-label={t('detail.countedAria', { number: line.articleNumber })}
            value={value}
            onChange={setValue}
            min={0}
            max={999_999}
            decimalScale={3}
            decimalSeparator=","
            allowNegative={false}
            style={{ flex: 1 }}
          />
          <Button
            onClick={() => {
              onCorrect(Number(value));
              setEditing(false);
            }}
            disabled={value === '' || Number.isNaN(Number(value))}
          >
            {t('detail.apply')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
