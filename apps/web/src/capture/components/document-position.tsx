import { Paper, Text } from '@mantine/core';
import type { CaptureDocument } from '@mde/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoPositionView } from '../../components/geo-position-view';

/** Where the document was exported (docs/spec.md §3 geo position with its map link); nothing when it was not recorded. */
export function DocumentPosition({ document }: { document: Pick<CaptureDocument, 'position'> }) {
  const { t } = useTranslation('capture');
  const titleId = useId();
  if (!document.position) return null;
  return (
    // On its own white card: the map link keeps its contrast also inside the green export message.
    <Paper withBorder p="xs" component="section" aria-labelledby={titleId} data-testid="document-position">
      <Text size="sm" fw={500} id={titleId}>
        {t('export.position')}
      </Text>
      <GeoPositionView position={document.position} />
    </Paper>
  );
}
