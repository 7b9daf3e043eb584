import { Accordion, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDownloads } from '../../components/document-downloads';
import { QueryError } from '../../components/query-error';
import { formatDate, formatDateTime, formatQuantity } from '../../lib/format';
import { documentDownloadUrl, useDocument, useDocuments } from '../api/documents';
import type { CaptureModuleDef } from '../capture-module';
import { DocumentPosition } from './document-position';
import { DocumentResult } from './export-result';

/** What the user exported in the last 30 days, each with its lines and result. */
export function DocumentsList({ def, vkforgId }: { def: CaptureModuleDef; vkforgId: number }) {
  const module = def.info.key;
  const { t } = useTranslation('capture');
  const documents = useDocuments(module, vkforgId);
  const [open, setOpen] = useState<string | null>(null);
  if (documents.isPending) return <Loader size="sm" />;
  if (documents.isError) return <QueryError error={documents.error} onRetry={() => void documents.refetch()} />;
  if (documents.data.length === 0) return <Text c="dimmed">{t('list.noDocuments')}</Text>;
  return (
    <Accordion value={open} onChange={setOpen} aria-label={t('list.documents')}>
      {documents.data.map((d) => (
        <Accordion.Item key={d.id} value={String(d.id)}>
          <Accordion.Control>
            <Text size="sm" fw={500}>
              {d.number}
              {d.supplierName ? ` · ${d.supplierName}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {/* Only the facts the document has, so a row without a date never ends in a lone separator. */}
              {[
                formatDateTime(d.createdAt),
                t('list.lineCount', { count: d.lineCount }),
                d.datum && formatDate(d.datum),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>{open === String(d.id) && <DocumentLines def={def} id={d.id} />}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function DocumentLines({ def, id }: { def: CaptureModuleDef; id: number }) {
  const detail = useDocument(def.info.key, id);
  if (!detail.data) return <Loader size="xs" />;
  return (
    <Stack gap={4}>
      {detail.data.lines.map((l) => (
        <Text key={l.clientId} size="sm">
          {l.articleNumber} · {l.designation}: {formatQuantity(l.quantity, l.unit)}
        </Text>
      ))}
      <DocumentResult document={detail.data} def={def} />
      <DocumentPosition document={detail.data} />
      <DocumentDownloads
        number={detail.data.number}
        urlOf={(format) => documentDownloadUrl(def.info.key, id, format)}
      />
    </Stack>
  );
}
