import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import type { ShownLine } from '../model/note-overlay';
import type { shortage } from '../model/shortage';

/** Lines named in the warning; the rest is a count, so the buttons stay in reach on a phone. */
const NAMED = 5;

/**
 * Asks before booking. With lines counted below what was delivered it says which, and offers to go on counting
 * first (the safe answer): the booking takes only the counted quantities into stock and cannot be repeated.
 */
export function BookConfirm({
  shortage: { short, complete, total },
  onCancel,
  onBook,
}: {
  shortage: ReturnType<typeof shortage<ShownLine>>;
  onCancel: () => void;
  onBook: () => void;
}) {
  const { t } = useTranslation('delivery-notes');
  const isShort = short.length > 0;
  return (
    <Alert color={isShort ? 'yellow' : 'green'} data-testid="book-confirm">
      <Stack gap="xs">
        {/* The title in the text colour: the light alert's coloured title is too faint on yellow. */}
        <Text fw={700}>{isShort ? t('detail.shortTitle') : t('detail.confirmTitle')}</Text>
        {isShort && (
          <>
            <Text size="sm">{t('detail.shortText', { complete, total })}</Text>
            <List size="sm" data-testid="book-short-lines">
              {short.slice(0, NAMED).map((l) => (
                <List.Item key={l.articleId} style={{ overflowWrap: 'anywhere' }}>
                  {t('detail.shortLine', {
                    number: l.articleNumber,
                    designation: l.designation,
                    counted: formatQuantity(l.counted),
                    expected: formatQuantity(l.expected, l.unit),
                  })}
                </List.Item>
              ))}
              {short.length > NAMED && <List.Item>{t('detail.shortMore', { count: short.length - NAMED })}</List.Item>}
            </List>
          </>
        )}
        <Text size="sm">{t('detail.confirmText')}</Text>
        {isShort ? (
          <Stack gap="xs">
            <Button onClick={onCancel} data-autofocus>
              {t('detail.keepCounting')}
            </Button>
            <Button variant="default" onClick={onBook}>
              {t('detail.bookAnyway')}
            </Button>
          </Stack>
        ) : (
          <Group gap="xs" grow>
            <Button variant="default" onClick={onCancel}>
              {t('detail.cancel')}
            </Button>
            <Button color="green" onClick={onBook}>
              {t('detail.confirmBook')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
