import { Badge, Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import type { ShownLine } from '../model/note-overlay';

/**
 * One article of the note: expected and counted quantity; a surplus article is flagged; the count can be corrected.
 * The line just scanned is marked, brought into view and opens its count selected, so a carton of 24 is
 * one scan, then 24 and Enter.
 */
export function NoteLine({
  line,
  editable,
  scanSeq,
  onCorrect,
}: {
  line: ShownLine;
  editable: boolean;
  /** Changes with every scan of this line's article (null: not the line last scanned). */
  scanSeq: number | null;
  onCorrect: (quantity: number) => void;
}) {
  const { t } = useTranslation('delivery-notes');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(line.counted);
  // Typed by the worker: a count arriving from the scan must not overwrite it.
  const [typed, setTyped] = useState(false);
  const paper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const color = line.unexpected ? 'orange' : line.difference === 0 ? undefined : 'red';
  const scanned = scanSeq !== null;

  useEffect(() => {
    if (scanSeq === null || !editable) return;
    setEditing(true);
    setTyped(false);
    paper.current?.scrollIntoView({ block: 'center' });
  }, [scanSeq, editable]);
  // An opened field has the focus and its figure selected: typing replaces it, Enter applies it.
  useEffect(() => {
    if (!editing) return;
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, [editing]);
  // Until the worker types, the field shows the count with the scan in it, selected, so typing replaces it.
  useEffect(() => {
    if (!editing || typed || scanSeq === null) return;
    setValue(line.counted);
    const field = input.current;
    requestAnimationFrame(() => {
      field?.focus({ preventScroll: true });
      field?.select();
    });
  }, [editing, typed, scanSeq, line.counted]);

  const apply = () => {
    if (value === '' || Number.isNaN(Number(value))) return;
    onCorrect(Number(value));
    setEditing(false);
  };
  return (
    <Paper
      ref={paper}
      withBorder
      p="xs"
      bg={color ? `${color}.0` : undefined}
      style={scanned ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 3 } : undefined}
      data-testid="note-line"
      data-article={line.articleNumber}
      data-unexpected={line.unexpected}
      data-pending={line.pending}
      data-scanned={scanned}
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
          variant="light"
          h={44}
          mt={4}
          onClick={() => {
            setValue(line.counted);
            setTyped(false);
            setEditing(true);
          }}
        >
          {t('detail.correct')}
        </Button>
      )}
      {editable && editing && (
        <Group gap="xs" align="flex-end" wrap="nowrap" mt={4}>
          <NumberInput
            ref={input}
            label={t('detail.countedAria', { number: line.articleNumber, unit: line.unit })}
            value={value}
            onChange={(v) => {
              setValue(v);
              setTyped(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
              // The first digit replaces the figure shown, as a selected figure would: 24 means 24, not 124.
              else if (!typed && /^\d$/.test(e.key)) {
                e.preventDefault();
                setValue(e.key);
                setTyped(true);
              }
            }}
            min={0}
            max={999_999}
            decimalScale={3}
            decimalSeparator=","
            allowNegative={false}
            inputMode="decimal"
            size="md"
            style={{ flex: 1 }}
          />
          <Button h={44} onClick={apply} disabled={value === '' || Number.isNaN(Number(value))}>
            {t('detail.apply')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
