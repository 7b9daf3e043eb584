import { Alert, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ArticleSummary } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useArticlePicker } from '../../articles/search';
import { ModuleStepPage } from '../../components/module-step-page';
import { QueryError } from '../../components/query-error';
import type { CaptureModuleDef } from '../capture-module';
import { removeUnresolvedCode } from '../hooks/device-store';
import { useArticleScans } from '../hooks/use-article-scans';
import { useCaptureScope } from '../hooks/use-capture-scope';
import { loadLocation } from '../model/list-preferences';

/** `artikel-erfassen/suche`: text, article number or EAN; also resolves a code from the open-codes list. */
export function ArticleSearchPage({ def }: { def: CaptureModuleDef }) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resolving = Number(params.get('resolve')) || null;
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(q, 250);
  const scope = useCaptureScope(def.info.key);
  const { search, hits, offline } = useArticlePicker(scope?.vkforgId ?? 0, debounced);
  const location = def.locationFirst ? loadLocation(def.info.key) : null;

  const choose = async (article: ArticleSummary) => {
    if (resolving) await removeUnresolvedCode(resolving);
    navigate(def.paths.articleCapture(article.idartstamm), { state: { location } });
  };

  return (
    <Stack gap="sm">
      <ModuleStepPage module={def.name} step="articleSearch" />
      {resolving && <Alert color="blue">{t('search.resolving', { code: params.get('q') })}</Alert>}
      <TextInput
        label={t('search.label')}
        aria-label={t('search.label')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        size="lg"
        autoFocus
      />
      {scope && <SearchScans def={def} scopeReady={scope} location={location} />}
      {search.isFetching && <Loader size="sm" />}
      {search.isError && <QueryError error={search.error} onRetry={() => void search.refetch()} />}
      {offline && (
        <Text size="sm" c="dimmed">
          {t('search.offline')}
        </Text>
      )}
      {hits && hits.length === 0 && debounced.trim() && <Text>{t('search.none')}</Text>}
      {hits?.map((a) => (
        <UnstyledButton key={a.idartstamm} onClick={() => void choose(a)} data-testid="search-hit" p="xs">
          <Text fw={500}>
            {a.number} · {a.designation1}
          </Text>
          <Text size="xs" c="dimmed">
            {a.mainEan ?? ''} {a.designation2}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** A scan on the search screen opens the scanned article, as on the list. */
function SearchScans({
  def,
  scopeReady,
  location,
}: {
  def: CaptureModuleDef;
  scopeReady: NonNullable<ReturnType<typeof useCaptureScope>>;
  location: string | null;
}) {
  useArticleScans({ def, scope: scopeReady, location, beforeNext: async () => true });
  return null;
}
