import { Button, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourcedScan } from '../core/arbiter';
import { isScanCancelled } from '../core/messages';
import { scan, subscribeScans } from '../service/scan-service';
import { useScanConsumer } from '../service/use-scan-consumer';
import type { WedgeScan } from '../wedge/wedge-detector';
import { subscribeWedgeDebug } from '../wedge/wedge-service';
import { gapStats } from '../wedge/wedge-stats';

/** 'Scanner testen': support staff check a new device here. */
export function ScannerTestPage() {
  const { t } = useTranslation('scanner');
  const [results, setResults] = useState<SourcedScan[]>([]);
  const [wedge, setWedge] = useState<WedgeScan | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => subscribeScans((s) => setResults((r) => [s, ...r].slice(0, 20))), []);
  // Every scan is welcome here: the list above shows it (subscribeScans), nothing else happens with it.
  useScanConsumer(() => true);
  useEffect(() => subscribeWedgeDebug(setWedge), []);
  const start = () => {
    setError(null);
    scan().catch((e: unknown) => setError(isScanCancelled(e) ? t('test.cancelled') : String(e)));
  };
  const stats = wedge ? gapStats(wedge) : null;
  return (
    <Stack p="md">
      <Title order={2}>{t('test.title')}</Title>
      <Button onClick={start} aria-label={t('test.scan')}>
        {t('test.scan')}
      </Button>
      {error && <Text c="red">{error}</Text>}
      <Table aria-label={t('test.results')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('test.data')}</Table.Th>
            <Table.Th>{t('test.labelType')}</Table.Th>
            <Table.Th>{t('test.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((r) => (
            <Table.Tr key={`${r.timestamp}-${r.data}`} data-testid="scan-result">
              <Table.Td>{r.data}</Table.Td>
              <Table.Td>{r.labelType ?? '–'}</Table.Td>
              <Table.Td>{t(`sources.${r.source}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {wedge && stats && (
        <Stack gap="xs">
          <Title order={3}>{t('test.wedgeTitle')}</Title>
          <Text>{t('test.terminator', { terminator: wedge.terminator })}</Text>
          <Text data-testid="wedge-gaps">{t('test.gaps', { median: stats.median, max: stats.max })}</Text>
          {/* Each key with the time since the one before, by the keys' own timestamps: a stall shows here. */}
          <Code block data-testid="wedge-keys">
            {wedge.keys.map((k) => `${JSON.stringify(k.key)} +${k.dt.toFixed(1)} ms`).join('\n')}
          </Code>
        </Stack>
      )}
      <Title order={3}>{t('test.recommendTitle')}</Title>
      <List>
        {(t('test.recommend', { returnObjects: true }) as string[]).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
