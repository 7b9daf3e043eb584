import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { AssignedArticle } from '@mde/contracts';
import { IconPlus, IconScan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { QueryError } from '../../../components/query-error';
import { formatQuantity } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useLocationDetail } from '../api/location-detail';
import { useKeptSnapshot } from '../api/snapshot';
import { articleRefOf, type ProductRouteState } from '../model/article-ref';
import { overlayLocation } from '../model/overlay';
import { ConfirmDialog } from './confirm-dialog';
import { LocationHeader } from './location-header';
import { useArticleScan } from './use-article-scan';
import { usePendingChanges } from './use-pending-changes';
import { useStorageContext } from './use-storage-context';

/** `:id` (docs/spec.md §2 'Lagerplatz Artikel'): the articles of the location, below-min ones highlighted. */
export function LocationPage() {
  const { t } = useTranslation('storage-locations');
  const navigate = useNavigate();
  const locationId = Number(useParams().id);
  const context = useStorageContext();
  useKeptSnapshot(context);
  const detail = useLocationDetail(context, locationId);
  const pending = usePendingChanges(context);
  const rows = detail.data ? overlayLocation(locationId, detail.data.data.assignments, pending) : [];
  const [offer, setOffer] = useState<AssignedArticle | null>(null);

  const openProduct = (article: AssignedArticle) =>
    navigate(paths.storageLocations.product(locationId, article.articleId), {
      state: { article } satisfies ProductRouteState,
    });
  const scanNow = useArticleScan(context?.vkforgid, (lookup) => {
    const article = articleRefOf(lookup.article);
    // An article already there opens; another one is offered for assigning.
    if (rows.some((r) => r.articleId === article.articleId)) openProduct(article);
    else setOffer(article);
  });

  return (
    <Stack gap="sm">
      <ModuleStepPage module="storage-locations" step="storageLocation" />
      {detail.isPending && <Loader size="sm" />}
      {detail.isError && <QueryError error={detail.error} onRetry={() => void detail.refetch()} />}
      {detail.data && <LocationHeader location={detail.data.data.location} offline={detail.data.offline} />}
      <Group gap="xs">
        <Button leftSection={<IconScan size={20} />} onClick={() => void scanNow()}>
          {t('location.scan')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={20} />}
          onClick={() => navigate(paths.storageLocations.productSearch(locationId))}
        >
          {t('location.addArticle')}
        </Button>
        <Button variant="default" onClick={() => navigate(paths.storageLocations.select)}>
          {t('location.otherLocation')}
        </Button>
      </Group>
      {detail.data && rows.length === 0 && <Text>{t('location.empty')}</Text>}
      {rows.length > 0 && (
        <Table highlightOnHover aria-label={t('location.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('location.article')}</Table.Th>
              <Table.Th ta="right">{t('location.quantity')}</Table.Th>
              <Table.Th ta="right">{t('location.min')}</Table.Th>
              <Table.Th ta="right">{t('location.max')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => {
              const below = a.quantity < a.minQuantity;
              return (
                <Table.Tr
                  key={a.articleId}
                  data-testid="assignment-row"
                  data-below-min={below || undefined}
                  bg={below ? 'var(--mantine-color-red-light)' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => openProduct(a)}
                >
                  <Table.Td>
                    <Text fw={500}>{a.designation1}</Text>
                    <Text size="xs" c="dimmed">
                      {a.number} {a.designation2}
                    </Text>
                    <Group gap={4}>
                      {below && (
                        <Badge color="red" size="xs">
                          {t('location.belowMin')}
                        </Badge>
                      )}
                      {a.pending && (
                        <Badge color="orange" size="xs">
                          {t('product.pending')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(a.quantity, a.baseUnit)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(a.minQuantity)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(a.maxQuantity)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={offer !== null}
        title={t('location.notAssignedTitle')}
        question={t('location.notAssignedQuestion', {
          article: offer ? `${offer.number} ${offer.designation1}` : '',
        })}
        onYes={() => {
          if (offer) openProduct(offer);
          setOffer(null);
        }}
        onNo={() => setOffer(null)}
        safeAnswer="yes"
      />
    </Stack>
  );
}
