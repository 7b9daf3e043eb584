import { Checkbox, Divider, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useToggleFavoriteArticle } from '../api/favorite-articles';
import { useFavoriteLists } from '../api/favorite-lists';
import { useSaveFavoriteList } from '../api/save-favorite-list';
import { FavoriteListNameForm } from './favorite-list-name-form';
import { QueryState } from './state-views';

const message = (e: unknown) => (e instanceof ApiError ? e.message : null);

/** docs/spec.md §2 add-to-favorites dialog: tick the lists that hold the article, or create a new list for it. */
export function AddToFavoritesDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const { t } = useTranslation('article-info');
  const lists = useFavoriteLists(articleId);
  const toggle = useToggleFavoriteArticle();
  const save = useSaveFavoriteList();

  const setMember = (listId: number, name: string, add: boolean) =>
    toggle.mutate(
      { listId, articleId, add },
      {
        onSuccess: () => notifySuccess(t(add ? 'favorites.added' : 'favorites.removed', { name })),
        onError: (e) => notifyError(message(e) ?? t('search.lookupFailed')),
      },
    );

  const createAndAdd = (name: string) =>
    save.mutate({ name }, { onSuccess: (list) => setMember(list.id, list.name, true) });

  return (
    <Modal opened onClose={onClose} title={t('favorites.dialogTitle')} centered>
      <Stack>
        <QueryState
          isPending={lists.isPending}
          error={lists.error}
          isEmpty={false}
          onRetry={() => void lists.refetch()}
        />
        {lists.data?.length === 0 && <Text c="dimmed">{t('favorites.noLists')}</Text>}
        {lists.data?.map((list) => (
          <Checkbox
            key={list.id}
            size="md"
            label={list.name}
            description={t('favorites.articles', { count: list.articleCount })}
            checked={list.containsArticle}
            disabled={toggle.isPending}
            onChange={(e) => setMember(list.id, list.name, e.currentTarget.checked)}
          />
        ))}
        <Divider label={t('favorites.create')} labelPosition="left" />
        <FavoriteListNameForm
          submitLabel={t('favorites.create')}
          pending={save.isPending}
          error={message(save.error)}
          onSubmit={createAndAdd}
        />
      </Stack>
    </Modal>
  );
}
