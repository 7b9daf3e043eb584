import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { DocumentSummary, DocumentVariant } from '@mde/contracts';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModuleStep, ModuleStepPage } from '../../../components/module-step-page';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { feedback, isScanCancelled, scan, useScanConsumer } from '../../../scanner';
import { scanDocument, searchDocuments } from '../api/documents';
import { chooseDocument } from '../model/document-choice';
import { DocumentCard } from './document-card';
import { useOpenDocument } from './use-open-document';

interface Props {
  variante: DocumentVariant;
  field: 'nummer' | 'bezugsnummer';
  step: ModuleStep;
}

/** belegeingabe / bezugsnummer (docs/spec.md §2): type the number or scan the document's barcode (docs/spec.md §7 scan calls). */
export function DocumentEntryPage({ variante, field, step }: Props) {
  const { t } = useTranslation('goods-receipt-check');
  const { open, busy } = useOpenDocument();
  const [value, setValue] = useState('');
  const [matches, setMatches] = useState<DocumentSummary[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered) return;
    setMessage(null);
    try {
      const found = await searchDocuments(variante, { [field]: entered });
      const choice = chooseDocument(found, entered, field);
      if (choice.kind === 'one') await open(variante, choice.document.id);
      else if (choice.kind === 'several') setMatches(found);
      else setMessage(t('entry.notFound'));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    }
  };

  const byCode = async (code: string) => {
    setMessage(null);
    try {
      const document = await scanDocument(variante, code);
      feedback.ok();
      await open(variante, document.id);
    } catch (error) {
      feedback.error();
      setMessage(error instanceof ApiError ? error.message : String(error));
    }
  };
  // A hardware scan on this screen is the document's barcode.
  useScanConsumer((s) => {
    void byCode(s.data);
    return true;
  });
  const cameraScan = async () => {
    try {
      await byCode((await scan()).data);
    } catch (error) {
      if (!isScanCancelled(error)) notifyError(error instanceof Error ? error.message : String(error));
    }
  };

  const label = t(field === 'nummer' ? 'entry.number' : 'entry.reference');
  return (
    <Stack gap="sm">
      <ModuleStepPage module="goods-receipt-check" step={step} />
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="xs">
          <TextInput
            label={label}
            aria-label={label}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            autoComplete="off"
            maxLength={40}
            size="md"
          />
          <Group grow gap="xs">
            <Button type="submit" loading={busy} disabled={!value.trim()}>
              {t('entry.load')}
            </Button>
            <Button variant="light" leftSection={<IconBarcode />} onClick={() => void cameraScan()}>
              {t('entry.scan')}
            </Button>
          </Group>
        </Stack>
      </form>
      {message && (
        <Alert color="red" data-testid="entry-message">
          {message}
        </Alert>
      )}
      {matches?.map((d) => (
        <DocumentCard key={d.id} document={d} onOpen={() => void open(variante, d.id)} />
      ))}
    </Stack>
  );
}
