import { Button } from '@mantine/core';
import type { ComparisonRow, DocumentDetail } from '@mde/contracts';
import { IconTruckReturn } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { countListedLines, saveLines, setHeader } from '../../../capture/hooks/device-store';
import { useCaptureScope } from '../../../capture/hooks/use-capture-scope';
import { todayIso } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { returnLinesOf } from '../model/return-lines';

/**
 * One tap from the deviations to a Retoure for the document's supplier: today's date, the supplier, one
 * prefilled line per article to send back. Written to the device like any capture, so it works offline.
 */
export function ReturnButton({ document, rows }: { document: DocumentDetail; rows: ComparisonRow[] }) {
  const { t } = useTranslation('goods-receipt-check');
  const scope = useCaptureScope('returns');
  const navigate = useNavigate();
  const lines = returnLinesOf(rows);
  if (!scope || lines.length === 0) return null;
  const start = async () => {
    if ((await countListedLines(scope)) > 0) {
      notifyError(t('returns.openReturn'));
      return;
    }
    await setHeader(scope, { belegdatum: todayIso(), supplierId: document.supplierId }, document.supplierName);
    const capturedAt = new Date().toISOString();
    await saveLines(
      scope,
      lines.map((l) => ({ ...l, clientId: crypto.randomUUID(), storageLocation: null, capturedAt })),
    );
    navigate(paths.returns.root);
  };
  return (
    <Button variant="light" color="orange" leftSection={<IconTruckReturn />} onClick={() => void start()}>
      {t('returns.start', { count: lines.length })}
    </Button>
  );
}
