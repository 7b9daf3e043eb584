import { useTranslation } from 'react-i18next';
import type { CaptureScope } from '../../../capture/hooks/device-store';
import { useCountCoverage } from './use-count-coverage';

/** Before exporting a count that misses lines of the document: how many are counted, e.g. '3 von 11 Positionen erfasst'. */
export function useExportWarning(scope: CaptureScope | null): string | null {
  const { t } = useTranslation('goods-receipt-check');
  const coverage = useCountCoverage(scope);
  return coverage && coverage.counted < coverage.total ? t('partial', coverage) : null;
}
