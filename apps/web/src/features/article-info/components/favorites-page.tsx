import { ActionIcon, Card, Group, Menu, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { FavoriteList } from '@mde/contracts';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useDeleteFavoriteList } from '../api/delete-favorite-list';
import { useFavoriteLists } from '../api/favorite-lists';
import { useSaveFavoriteList } from '../api/save-favorite-list';
import { ArticleInfoNav } from './article-info-nav';
import { FavoriteListNameForm } from './favorite-list-name-form';
import { QueryState } from './state-views';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : null);

/** Favorite lists (docs/spec.md §2 favoriten): create, rename, delete; tap opens the list. */
export function FavoritesPage() {
  const { t } = useTranslation('article-info');
  usePageTitle(t('favorites.title'));
  const navigate = useNavigate();
  const lists = useFavoriteLists();
  const save = useSaveFavoriteList();
  const remove = useDeleteFavoriteList();
  const [renaming, setRenaming] = useState<FavoriteList | null>(null);

  const create = (name: string) =>
    save.mutate({ name }, { onSuccess: (list) => notifySuccess(t('favorites.created', { name: list.name })) });
  const rename = (name: string) =>
    renaming && save.mutate({ listId: renaming.id, name }, { onSuccess: () => setRenaming(null) });
  const confirmDelete = (list: FavoriteList) =>
    modals.openConfirmModal({
      title: t('favorites.deleteTitle'),
      children: <Text size="sm">{t('favorites.deleteQuestion', { name: list.name })}</Text>,
      onConfirm: () =>
        remove.mutate(list.id, {
          onSuccess: () => notifySuccess(t('favorites.deleted')),
          onError: (e) => notifyError(errorText(e) ?? t('search.lookupFailed')),
        }),
    });

  return (
    <Stack gap="sm">
      <Title order={2}>{t('favorites.title')}</Title>
      <ArticleInfoNav />
      <FavoriteListNameForm
        key={lists.data?.length}
        submitLabel={t('favorites.create')}
        pending={save.isPending && !renaming}
        error={renaming ? null : errorText(save.error)}
        onSubmit={create}
      />
      <QueryState
        isPending={lists.isPending}
        error={lists.error}
        isEmpty={lists.data?.length === 0}
        onRetry={() => void lists.refetch()}
      />
      {lists.data?.map((list) => (
        <Card key={list.id} withBorder padding="sm" data-testid="favorite-list">
          <Group justify="space-between" wrap="nowrap">
            <UnstyledButton style={{ flex: 1 }} onClick={() => navigate(paths.articleInfo.favoriteList(list.id))}>
              <Text fw={600}>{list.name}</Text>
              <Text size="xs" c="dimmed">
                {t('favorites.articles', { count: list.articleCount })} · {formatDate(list.updatedAt)}
              </Text>
            </UnstyledButton>
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={t('favorites.actions', { name: list.name })}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(list)}>
                  {t('favorites.rename')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(list)}>
                  {t('favorites.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Card>
      ))}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('favorites.rename')} centered>
        {renaming && (
          <FavoriteListNameForm
            initial={renaming.name}
            submitLabel={t('favorites.rename')}
            pending={save.isPending}
            error={errorText(save.error)}
            onSubmit={rename}
          />
        )}
      </Modal>
    </Stack>
  );
}
