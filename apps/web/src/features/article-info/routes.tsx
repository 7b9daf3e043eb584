import { Navigate, type RouteObject, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ArticleDetailPage } from './components/article-detail-page';
import { ArticleListPage } from './components/article-list-page';
import { FavoriteListPage } from './components/favorite-list-page';
import { FavoritesPage } from './components/favorites-page';
import { ScanListPage } from './components/scan-list-page';
import { SearchHistoryPage } from './components/search-history-page';
import { LoadingState } from './components/state-views';
import { useVkforgId } from './components/use-vkforg-id';

/** Screens that read vkforg-scoped data wait for the context (the module guard has loaded it already). */
function WithVkforg({ render }: { render: (vkforgId: number) => React.ReactNode }) {
  const vkforgId = useVkforgId();
  return vkforgId === null ? <LoadingState /> : render(vkforgId);
}

/** Ids in the URL are positive integers; anything else goes back to the module root. */
function useIdParam(name: string): number | null {
  const value = Number(useParams()[name]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function DetailRoute() {
  const id = useIdParam('id');
  if (id === null) return <Navigate to={paths.articleInfo.root} replace />;
  // key: a scan on the detail opens another article with fresh state.
  return <WithVkforg render={(v) => <ArticleDetailPage key={id} vkforgId={v} articleId={id} />} />;
}

function FavoriteListRoute() {
  const id = useIdParam('id');
  if (id === null) return <Navigate to={paths.articleInfo.favorites} replace />;
  return <FavoriteListPage key={id} listId={id} />;
}

/** docs/spec.md §2 artikel-info: favoriten; favoriten/:id; suchverlauf; scan-liste; empty = list; :id = detail. */
export default function routes(): RouteObject[] {
  return [
    { index: true, element: <WithVkforg render={(v) => <ArticleListPage key={v} vkforgId={v} />} /> },
    { path: 'favoriten', element: <FavoritesPage /> },
    { path: 'favoriten/:id', element: <FavoriteListRoute /> },
    { path: 'suchverlauf', element: <SearchHistoryPage /> },
    { path: 'scan-liste', element: <WithVkforg render={(v) => <ScanListPage key={v} vkforgId={v} />} /> },
    { path: ':id', element: <DetailRoute /> },
    { path: '*', element: <Navigate to={paths.articleInfo.root} replace /> },
  ];
}
