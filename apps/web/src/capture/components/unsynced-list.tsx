import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CaptureLineInput } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { captureDb } from '../../offline/captures/capture-db';
import { retryRejected } from '../../offline/captures/rejected';
import { useLiveQuery } from '../hooks/use-live-query';

/** 'Nicht synchronisiert': changes the server refused, with the reason; kept until the user decides. */
export function UnsyncedList({ owner }: { owner: number }) {
  const { t } = useTranslation('capture');
  const rows = useLiveQuery(() => captureDb.rejected.where('owner').equals(owner).toArray(), [owner]) ?? [];
  if (rows.length === 0) return null;
  return (
    <Alert color="red" title={t('sync.unsyncedTitle')} aria-label={t('sync.unsyncedTitle')}>
      <Stack gap="xs">
        {rows.map((r) => (
          <Stack key={r.id} gap={2} data-testid="unsynced-entry">
            <Text size="sm" fw={500}>
              {t(`sync.kind.${r.kind}`)} · {describe(r.payload)} · {formatDateTime(r.createdAt)}
            </Text>
            <Text size="sm">{r.reason}</Text>
            <Group gap="xs">
              {r.kind !== 'export' && (
                <Button size="compact-sm" variant="light" onClick={() => void retryRejected(captureDb, r.id as number)}>
                  {t('sync.retry')}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() =>
                  window.confirm(t('sync.discardConfirm')) && void captureDb.rejected.delete(r.id as number)
                }
              >
                {t('sync.discard')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

function describe(payload: unknown): string {
  // The payload as it was queued: a line's is a CaptureLineInput (contracts), others carry no article.
  const p = (payload ?? {}) as Partial<CaptureLineInput>;
  return p.articleId ? `${p.articleId}: ${p.quantity ?? ''} ${p.unit ?? ''}`.trim() : '';
}
