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
import { countCoverage } from '../model/count-coverage';
import { finishCount, isCountFinished } from '../model/finished-count';
import { ComparisonList } from './comparison-list';
import { FinishCountDialog } from './finish-count-dialog';
import { ReturnButton } from './return-button';
import { MAX_LINES } from './use-count-coverage';

/**
 * The document being checked and, on request, the comparison with what was counted. In blind mode (module
 * config, default for a goods receipt) the expected quantities stay hidden until the worker finishes the count.
 */
export function DocumentPanel() {
  const { t } = useTranslation('goods-receipt-check');
  const scope = useCaptureScope(def.info.key);
  const header = useCaptureHeader(scope)?.header;
  const lines = useCaptureLines(scope, MAX_LINES)?.lines;
  const config = useQuery(moduleConfigQuery()).data;
  const document = useDocument(header?.art, header?.documentId);
  const blindMode = header?.art ? isBlindCount(config, header.art) : true;
  const [finishedNow, setFinishedNow] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const finished = finishedNow || (!!scope && !!header?.documentId && isCountFinished(scope, header.documentId));
  const blind = blindMode && !finished;
  const [shown, setShown] = useState<boolean | null>(null);
  // Shown by default once nothing is hidden any more: not blind, or a blind count the worker has finished.
  const showComparison = !blind && (shown ?? true);
  const rows = useMemo(
    () => (document.data && lines ? compareWithDocument(document.data.lines, lines, toleranceOf(config)) : []),
    [document.data, lines, config],
  );
  if (!header?.art || !header.documentId) return null;
  if (document.isError) return <Alert color="red">{HEADER_LOAD_FAILED}</Alert>;
  if (!document.data) return <Loader size="sm" />;
  const d = document.data;
  const documentId = header.documentId;
  const coverage = countCoverage(d.lines, lines ?? []);
  const finish = () => {
    if (scope) finishCount(scope, documentId);
    setFinishedNow(true);
    setFinishing(false);
    setShown(true);
  };
  return (
    <Card withBorder padding="sm" data-testid="checked-document">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t(`type.${d.variante === 'BESTELLUNG' ? 'order' : 'receipt'}`)} {d.number}
          </Text>
          {blindMode && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t('panel.blind')}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {d.supplierName} · {formatDate(d.date)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('panel.progress', coverage)}
        </Text>
        {blind ? (
          // Blind: no comparison (it shows the expected quantities) until the worker ends the count.
          <Button onClick={() => (coverage.counted < coverage.total ? setFinishing(true) : finish())}>
            {t('panel.finishCount')}
          </Button>
        ) : (
          <Button variant={showComparison ? 'subtle' : 'filled'} onClick={() => setShown(!showComparison)}>
            {showComparison ? t('panel.hideComparison') : t('panel.showComparison')}
          </Button>
        )}
        {showComparison && <ComparisonList rows={rows} />}
        {showComparison && <ReturnButton document={d} rows={rows} />}
      </Stack>
      <FinishCountDialog
        opened={finishing}
        coverage={coverage}
        onKeepCounting={() => setFinishing(false)}
        onFinish={finish}
      />
    </Card>
  );
}
