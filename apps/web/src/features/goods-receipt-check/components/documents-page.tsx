import { Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { DocumentVariant } from '@mde/contracts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleStepPage } from '../../../components/module-step-page';
import { QueryError } from '../../../components/query-error';
import { useDocumentSearch } from '../api/documents';
import { DocumentCard } from './document-card';
import { useOpenDocument } from './use-open-document';

/** belege (docs/spec.md §2, §7): the vkforg's documents of one kind, newest first, narrowed by number. */
export function DocumentsPage() {
  const { t } = useTranslation('goods-receipt-check');
  const [variante, setVariante] = useState<DocumentVariant>('BESTELLUNG');
  const [nummer, setNummer] = useState('');
  const search = useDocumentSearch(variante, useDeferredValue(nummer.trim()));
  const { open } = useOpenDocument();
  return (
    <Stack gap="sm">
      <ModuleStepPage module="goods-receipt-check" step="documents" />
      <SegmentedControl
        fullWidth
        value={variante}
        onChange={(v) => setVariante(v as DocumentVariant)}
        data={[
          { value: 'BESTELLUNG', label: t('type.order') },
          { value: 'WARENUEBERNAHME', label: t('type.receipt') },
        ]}
        aria-label={t('documents.variante')}
      />
      <TextInput
        label={t('documents.number')}
        aria-label={t('documents.number')}
        value={nummer}
        onChange={(e) => setNummer(e.currentTarget.value)}
        maxLength={40}
        autoComplete="off"
      />
      {search.isPending && <Loader size="sm" />}
      {search.isError && <QueryError error={search.error} />}
      {search.data?.length === 0 && <Text c="dimmed">{t('documents.none')}</Text>}
      {search.data?.map((d) => (
        <DocumentCard key={`${d.variante}-${d.id}`} document={d} onOpen={() => void open(d.variante, d.id)} />
      ))}
    </Stack>
  );
}
