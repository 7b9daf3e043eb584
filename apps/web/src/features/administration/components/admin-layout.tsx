import { Stack, Tabs, Title } from '@mantine/core';
import { ADMIN_SECTIONS, type AdminSection } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../lib/paths';

const sectionOf = (pathname: string): AdminSection =>
  ADMIN_SECTIONS.find(
    (s) => pathname === paths.admin.section(s) || pathname.startsWith(`${paths.admin.section(s)}/`),
  ) ?? 'users';

/**
 * Every admin screen: the area's title and its sections as tabs (in two short rows at 360 px, so every section is
 * in sight without scrolling sideways; one row on a desktop), the section's screen below.
 */
export function AdminLayout() {
  const { t } = useTranslation('administration');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('title')}</Title>
      <Tabs
        value={sectionOf(pathname)}
        onChange={(s) => s && navigate(paths.admin.section(s))}
        // Compact tabs: at 360 px the six sections fit in two rows (three with Mantine's roomy tabs).
        styles={{ tab: { paddingInline: 8, paddingBlock: 8 }, tabLabel: { fontSize: 'var(--mantine-font-size-sm)' } }}
      >
        <Tabs.List aria-label={t('nav')}>
          {ADMIN_SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`sections.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
