import { Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADMIN_USER_STATUSES,
  type AdminUser,
  type AdminUserListQuery,
  PERMISSIONS,
  permissionLabel,
} from '@mde/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';
import { ReadableBadge } from '../../components/readable-badge';
import { adminUsersQuery, adminVkforgsQuery } from '../api/admin-users';

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin-users');
  return (
    <Group gap={4}>
      <ReadableBadge color={user.disabled ? 'gray' : 'green'}>
        {user.disabled ? t('disabled') : t('active')}
      </ReadableBadge>
      {user.mustChangePassword && <ReadableBadge color="yellow">{t('mustChange')}</ReadableBadge>}
    </Group>
  );
}

/** /admin/users: search and filters; cards on a handheld, a table from the sm breakpoint on. */
export function UsersPage() {
  const { t } = useTranslation('admin-users');
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 300);
  const [status, setStatus] = useState<string | null>(null);
  const [permission, setPermission] = useState<string | null>(null);
  const [vkforg, setVkforg] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query: AdminUserListQuery = {
    q: search || undefined,
    status: (status as AdminUserListQuery['status']) ?? undefined,
    permission: (permission as AdminUserListQuery['permission']) ?? undefined,
    vkforg: vkforg ?? undefined,
    page: String(page),
  };
  const { data } = useQuery({ ...adminUsersQuery(query), placeholderData: keepPreviousData });
  const { data: vkforgs = [] } = useQuery(adminVkforgsQuery());
  const items = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{data ? t('count', { count: data.total }) : t('title')}</Text>
        <Button component={Link} to={paths.admin.newUser}>
          {t('new')}
        </Button>
      </Group>
      <TextInput label={t('search')} value={q} onChange={(e) => filter(setQ)(e.currentTarget.value)} />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('status')}
          placeholder={t('statusAll')}
          clearable
          value={status}
          onChange={filter(setStatus)}
          data={ADMIN_USER_STATUSES.map((s) => ({ value: s, label: t(s) }))}
          miw={140}
        />
        <Select
          label={t('permission')}
          placeholder={t('permissionAll')}
          clearable
          value={permission}
          onChange={filter(setPermission)}
          data={PERMISSIONS.map((p) => ({ value: p, label: permissionLabel(p) }))}
          miw={160}
        />
        <Select
          label={t('store')}
          placeholder={t('storeAll')}
          clearable
          value={vkforg}
          onChange={filter(setVkforg)}
          data={vkforgs.map((v) => ({ value: String(v.id), label: `${v.vkforg} ${v.kurzbezeichnung}` }))}
          miw={160}
        />
      </Group>
      {data && items.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      <Stack gap="xs" hiddenFrom="sm">
        {items.map((user) => (
          <Card key={user.id} withBorder component={Link} to={paths.admin.user(user.id)}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{user.username}</Text>
              <StatusBadge user={user} />
            </Group>
            <Text size="sm">{user.fullName}</Text>
            <Text size="sm" c="dimmed">
              {user.permissions.map(permissionLabel).join(', ')}
            </Text>
          </Card>
        ))}
      </Stack>
      <Table visibleFrom="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.username')}</Table.Th>
            <Table.Th>{t('columns.fullName')}</Table.Th>
            <Table.Th>{t('columns.email')}</Table.Th>
            <Table.Th>{t('columns.permissions')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Link to={paths.admin.user(user.id)}>{user.username}</Link>
              </Table.Td>
              <Table.Td>{user.fullName}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.permissions.map(permissionLabel).join(', ')}</Table.Td>
              <Table.Td>
                <StatusBadge user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="center">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Text>
            {page} / {pages}
          </Text>
          <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
