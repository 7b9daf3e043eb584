import { Button, SimpleGrid } from '@mantine/core';
import { IconBarcode, IconHistory, IconSearch, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths';

const LINKS = [
  { to: paths.articleInfo.root, key: 'list', icon: IconSearch, end: true },
  { to: paths.articleInfo.favorites, key: 'favorites', icon: IconStar, end: false },
  { to: paths.articleInfo.searchHistory, key: 'history', icon: IconHistory, end: false },
  { to: paths.articleInfo.scanList, key: 'scanList', icon: IconBarcode, end: false },
] as const;

/** The module's four screens (docs/spec.md §2 artikel-info children) in one row, reachable from each other. */
export function ArticleInfoNav() {
  const { t } = useTranslation('article-info');
  return (
    <SimpleGrid cols={4} spacing={4} component="nav" aria-label={t('title')}>
      {LINKS.map(({ to, key, icon: Icon, end }) => (
        <NavLink key={key} to={to} end={end} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <Button
              component="span"
              fullWidth
              px={2}
              size="compact-xs"
              h={44}
              variant={isActive ? 'filled' : 'light'}
              styles={{ inner: { flexDirection: 'column', gap: 2 } }}
            >
              <Icon size={16} />
              {t(`nav.${key}`)}
            </Button>
          )}
        </NavLink>
      ))}
    </SimpleGrid>
  );
}
