import { ActionIcon, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useRecordSearchHistory } from '../api/search-history';
import { isHistoryTerm, normaliseQuery, SEARCH_DEBOUNCE_MS } from '../model/search-input';
import { AddToFavoritesDialog } from './add-to-favorites-dialog';
import { ArticleInfoNav } from './article-info-nav';
import { ArticleSearchResults } from './article-search-results';
import { SyncProgress } from './sync-progress';
import { useOpenArticle } from './use-open-article';
import { useScanLookup } from './use-scan-lookup';

/** Artikel-Info list (docs/spec.md §2 empty child): search by text, number or EAN, or scan to open an article. */
export function ArticleListPage({ vkforgId }: { vkforgId: number }) {
  const { t } = useTranslation('article-info');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(normaliseQuery(input), SEARCH_DEBOUNCE_MS);
  const [favoriteFor, setFavoriteFor] = useState<number | null>(null);
  const record = useRecordSearchHistory();
  const openArticle = useOpenArticle(vkforgId);
  const { scanNow, busy } = useScanLookup(
    vkforgId,
    (answer) => openArticle(answer.data.article.idartstamm, answer.data.article),
    'cache',
  );

  const change = (value: string) => {
    setInput(value);
    // The term lives in the URL so that back from the detail (and the search history) finds it again.
    setParams(normaliseQuery(value) ? { q: normaliseQuery(value) } : {}, { replace: true });
  };
  // Each term once per visit, whether it was confirmed with Enter or led to an opened article.
  const recorded = useRef<string | null>(null);
  const rememberTerm = () => {
    const term = normaliseQuery(input);
    if (!isHistoryTerm(term) || recorded.current === term) return;
    recorded.current = term;
    record.mutate({ term });
  };

  return (
    <Stack gap="sm">
      <Title order={2}>{t('title')}</Title>
      <ArticleInfoNav />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          rememberTerm();
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            size="md"
            type="search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            leftSection={<IconSearch size={18} />}
            value={input}
            onChange={(e) => change(e.currentTarget.value)}
          />
          <ActionIcon size={42} onClick={() => void scanNow()} loading={busy} aria-label={t('search.scan')}>
            <IconBarcode size={24} />
          </ActionIcon>
        </Group>
      </form>
      <SyncProgress vkforgId={vkforgId} />
      <ArticleSearchResults
        vkforgId={vkforgId}
        q={debounced}
        onOpen={(id) => {
          rememberTerm();
          openArticle(id);
        }}
        onFavorite={setFavoriteFor}
      />
      {favoriteFor !== null && <AddToFavoritesDialog articleId={favoriteFor} onClose={() => setFavoriteFor(null)} />}
    </Stack>
  );
}
