import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { compareWithDocument, HEADER_LOAD_FAILED, isBlindCount, toleranceOf } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptureHeader, useCaptureLines } from '../../../capture/hooks/use-capture-data';
import { useCaptureScope } from '../../../capture/hooks/use-capture-scope';
import { formatDate } from '../../../lib/format';
import { moduleConfigQuery } from '../../../session/module-config';
import { useDocument } from '../api/documents';
import { goodsReceiptCheckDef as def } from '../model/capture-def';
import { ComparisonList } from './comparison-list';
import { ReturnButton } from './return-button';

/** Most lines the comparison reads from the device: far above any delivery. */
const MAX_LINES = 10_000;

/**
 * The document being checked and, on request, the comparison with what was counted. In blind mode (module
 * config, default for a goods receipt) the expected quantities stay hidden until the count is finished.
 */
export function DocumentPanel() {
  const { t } = useTranslation('goods-receipt-check');
  const scope = useCaptureScope(def.info.key);
  const header = useCaptureHeader(scope)?.header;
  const lines = useCaptureLines(scope, MAX_LINES)?.lines;
  const config = useQuery(moduleConfigQuery()).data;
  const document = useDocument(header?.art, header?.documentId);
  const blind = header?.art ? isBlindCount(config, header.art) : true;
  const [shown, setShown] = useState<boolean | null>(null);
  const showComparison = shown ?? !blind;
  const rows = useMemo(
    () => (document.data && lines ? compareWithDocument(document.data.lines, lines, toleranceOf(config)) : []),
    [document.data, lines, config],
  );
  if (!header?.art || !header.documentId) return null;
  if (document.isError) return <Alert color="red">{HEADER_LOAD_FAILED}</Alert>;
  if (!document.data) return <Loader size="sm" />;
  const d = document.data;
  const counted = new Set(lines?.map((l) => l.articleId));
  return (
    <Card withBorder padding="sm" data-testid="checked-document">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t(`type.${d.variante === 'BESTELLUNG' ? 'order' : 'receipt'}`)} {d.number}
          </Text>
          {blind && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t('panel.blind')}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {d.supplierName} · {formatDate(d.date)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('panel.progress', {
            counted: d.lines.filter((l) => counted.has(l.articleId)).length,
            total: d.lines.length,
          })}
        </Text>
        <Button variant={showComparison ? 'subtle' : 'filled'} onClick={() => setShown(!showComparison)}>
          {showComparison ? t('panel.hideComparison') : t('panel.showComparison')}
        </Button>
        {showComparison && <ComparisonList rows={rows} />}
        {showComparison && <ReturnButton document={d} rows={rows} />}
      </Stack>
    </Card>
  );
}
