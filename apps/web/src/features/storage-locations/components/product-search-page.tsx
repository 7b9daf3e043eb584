import { Badge, Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AssignedArticle } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useArticlePicker } from '../../../articles/search';
import { ModuleStepPage } from '../../../components/module-step-page';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { useLocationDetail } from '../api/location-detail';
import { articleRefOf, type ProductRouteState } from '../model/article-ref';
import { overlayLocation } from '../model/overlay';
import { LocationHeader } from './location-header';
import { useArticleScan } from './use-article-scan';
import { usePendingChanges } from './use-pending-changes';
import { useStorageContext } from './use-storage-context';

/** `:id/product-search`: text, article number or EAN (the app's one article search), then assign. */
export function ProductSearchPage() {
  const { t } = useTranslation('storage-locations');
  const navigate = useNavigate();
  const locationId = Number(useParams().id);
  const context = useStorageContext();
  const detail = useLocationDetail(context, locationId);
  const pending = usePendingChanges(context);
  const assigned = new Set(
    detail.data ? overlayLocation(locationId, detail.data.data.assignments, pending).map((a) => a.articleId) : [],
  );
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const { search, hits, offline } = useArticlePicker(context?.vkforgid ?? 0, debounced);

  const open = (article: AssignedArticle) =>
    navigate(paths.storageLocations.product(locationId, article.articleId), {
      state: { article } satisfies ProductRouteState,
    });
  const scanNow = useArticleScan(context?.vkforgid, (lookup) => open(articleRefOf(lookup.article)));

  return (
    <Stack gap="sm">
      <ModuleStepPage module="storage-locations" step="storageProductSearch" />
      {detail.data && <LocationHeader location={detail.data.data.location} offline={detail.data.offline} />}
      {/* At 360 px the field keeps room to read what was typed; the scan button moves below it instead. */}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 12rem' }}
          label={t('search.label')}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maxLength={100}
          size="md"
          autoFocus
        />
        <Button size="md" variant="light" onClick={() => void scanNow()}>
          {t('location.scan')}
        </Button>
      </Group>
      {search.isFetching && <Loader size="sm" />}
      {search.isError && <QueryError error={search.error} onRetry={() => void search.refetch()} />}
      {offline && (
        <Text size="sm" c="dimmed">
          {t('search.offline')}
        </Text>
      )}
      {hits && hits.length === 0 && debounced.trim() && <Text>{t('search.none')}</Text>}
      {hits?.map((a) => (
        <UnstyledButton key={a.idartstamm} onClick={() => open(articleRefOf(a))} data-testid="search-hit" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={500}>
                {a.number} · {a.designation1}
              </Text>
              <Text size="xs" c="dimmed">
                {a.mainEan ?? ''} {a.designation2}
              </Text>
            </div>
            {assigned.has(a.idartstamm) && (
              <Badge variant="light" color="gray">
                {t('search.assigned')}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      ))}
      <Button variant="default" onClick={() => navigate(paths.storageLocations.location(locationId))}>
        {t('product.back')}
      </Button>
    </Stack>
  );
}
