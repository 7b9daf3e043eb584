import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type CaptureLineInput, hasUnsafeChars } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format';
import type { CaptureScope, RejectedEntry } from '../../offline/captures/rows';
import { refreshCapture } from '../api/server-capture';
import type { CaptureModuleDef } from '../capture-module';
import { discardRejected, editableLineIds, rejectedOf, retryRejected } from '../hooks/device-store';
import { useLiveQuery } from '../hooks/use-live-query';

/**
 * 'Nicht übertragbar': changes the server refused, each with its reason, set aside so that everything after
 * them is still sent. Kept until the user fixes one (edits the line: a new change replaces it) or deletes it.
 */
export function UnsyncedList({ scope, def }: { scope: CaptureScope; def: CaptureModuleDef }) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const rows = useLiveQuery(() => rejectedOf(scope.owner), [scope.owner]) ?? [];
  // Only a line of this list's capture can be opened here; it must still be on the device and not deleted.
  const editable =
    useLiveQuery(async () => {
      const ids = rows.filter((r) => r.kind === 'upsert-line' && r.module === def.info.key).map((r) => r.clientId);
      return editableLineIds(ids);
    }, [rows.map((r) => r.id).join(), def.info.key]) ?? new Set();
  if (rows.length === 0) return null;

  const edit = (r: RejectedEntry) => {
    const articleId = (r.payload as Partial<CaptureLineInput>).articleId;
    if (articleId) navigate(def.paths.articleCapture(articleId), { state: { clientId: r.clientId } });
  };
  const discard = async (r: RejectedEntry) => {
    if (!window.confirm(t('sync.discardConfirm'))) return;
    await discardRejected(r.id as number);
    // A line the server still holds comes back as the server has it.
    void refreshCapture(scope);
  };
  return (
    <Alert color="red" title={t('sync.unsyncedTitle')} aria-label={t('sync.unsyncedTitle')}>
      <Stack gap="xs">
        <Text size="sm">{t('sync.unsyncedHint')}</Text>
        {rows.map((r) => (
          <Stack key={r.id} gap={2} data-testid="unsynced-entry" data-kind={r.kind}>
            <Text size="sm" fw={500}>
              {t(`sync.kind.${r.kind}`)} · {describe(r.payload)} · {formatDateTime(r.createdAt)}
            </Text>
            <Text size="sm" data-testid="unsynced-reason">
              {r.reason}
            </Text>
            <Group gap="xs">
              {editable.has(r.clientId) && (
                <Button size="compact-sm" variant="light" onClick={() => edit(r)}>
                  {t('sync.edit')}
                </Button>
              )}
              {r.kind !== 'export' && (
                <Button size="compact-sm" variant="subtle" onClick={() => void retryRejected(r.id as number)}>
                  {t('sync.retry')}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => void discard(r)}>
                {t('sync.discard')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

/** What the change was about, in a few characters that are safe to show (a refused unit may hold a NUL). */
function describe(payload: unknown): string {
  // The payload as it was queued: a line's is a CaptureLineInput (contracts), others carry no article.
  const p = (payload ?? {}) as Partial<CaptureLineInput>;
  const shown = p.articleId ? `${p.articleId}: ${p.quantity ?? ''} ${p.unit ?? ''}`.trim() : '';
  return [...shown].map((c) => (hasUnsafeChars(c) ? '\uFFFD' : c)).join('');
}
