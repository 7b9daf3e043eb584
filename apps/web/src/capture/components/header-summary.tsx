import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import type { CaptureHeaderRow } from '../../offline/captures/rows';
import { useWarehouses } from '../api/warehouses';
import type { CaptureModuleDef } from '../capture-module';
import { warehouseLabelOf } from '../model/warehouse-label';

/** The header (Kopf) of the open capture with its edit action (docs/modules.md#capture-list). */
export function HeaderSummary({ def, header }: { def: CaptureModuleDef; header: CaptureHeaderRow | null }) {
  const { t } = useTranslation('capture');
  const warehouses = useWarehouses({ enabled: def.headerFields.includes('lager') });
  if (def.headerFields.length === 0) return null;
  const h = header?.header;
  const value = (field: (typeof def.headerFields)[number]) => {
    if (field === 'supplier') return header?.supplierName ?? (h?.supplierId ? String(h.supplierId) : '–');
    if (field === 'lager') return h?.lager ? warehouseLabelOf(h.lager, warehouses.data) : '–';
    if (field === 'art') return h?.art ? t(`header.artValue.${h.art}`) : '–';
    const date = h?.[field];
    return date ? formatDate(date) : '–';
  };
  return (
    <Group gap="md" data-testid="capture-header">
      {def.headerFields.map((f) => (
        <Text key={f} size="sm">
          {t(`header.${f}`)}: <b>{value(f)}</b>
        </Text>
      ))}
      {def.headerPath && (
        <Anchor component={Link} to={def.headerPath} size="sm">
          {t('list.headerEdit')}
        </Anchor>
      )}
    </Group>
  );
}
