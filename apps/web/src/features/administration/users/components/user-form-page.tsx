import { Alert, Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type AdminUser,
  type AdminUserInput,
  PERMISSIONS,
  permissionLabel,
  ROLES,
  roleLabel,
  type UserKind,
} from '@mde/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { paths } from '../../../../lib/paths';
import {
  adminAccountsQuery,
  adminUserKeys,
  adminUserQuery,
  adminVkforgsQuery,
  createAdminUser,
  sendAdminUserResetMail,
  setAdminUserDisabled,
  setAdminUserOneTimePassword,
  unlockAdminUser,
  updateAdminUser,
} from '../api/admin-users';
import { ChoiceList, DefaultChoice } from './choice-list';
import { confirmUserAction } from './confirm-user-action';
import { OneTimePasswordModal } from './one-time-password-modal';
import { withSingleDefault } from './single-default';

type Draft = Omit<AdminUserInput, 'accountId' | 'vkforgId' | 'firmaId'> & {
  accountId: number | null;
  vkforgId: number | null;
};

const emptyDraft: Draft = {
  username: '',
  fullName: '',
  email: '',
  kind: 'internal',
  permissions: [],
  roles: [],
  accountIds: [],
  vkforgIds: [],
  accountId: null,
  vkforgId: null,
};

const draftOf = (user: AdminUser): Draft => ({
  username: user.username,
  fullName: user.fullName,
  email: user.email,
  kind: user.kind,
  permissions: user.permissions as Draft['permissions'],
  roles: user.roles as Draft['roles'],
  accountIds: user.accountIds,
  vkforgIds: user.vkforgIds,
  accountId: user.accountId,
  vkforgId: user.vkforgId,
});

/** /admin/users/new and /admin/users/:id: the route remounts it per user. */
export function UserFormPage() {
  const { userId } = useParams();
  const id = userId ? Number(userId) : null;
  const { data: user } = useQuery({ ...adminUserQuery(id ?? 0), enabled: id !== null });
  if (id !== null && !user) return null;
  return <UserForm key={id ?? 'new'} user={user ?? null} />;
}

function UserForm({ user }: { user: AdminUser | null }) {
  const { t } = useTranslation('admin-users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(user ? draftOf(user) : emptyDraft);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [shown, setShown] = useState<{ name: string; password: string } | null>(null);
  const { data: vkforgs = [] } = useQuery(adminVkforgsQuery());
  const { data: accounts = [] } = useQuery(adminAccountsQuery());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => withSingleDefault({ ...d, [key]: value }));
  // An admin with a single store or account gives it to a new user by itself (docs/administration.md "Users").
  useEffect(() => {
    if (user) return;
    setDraft((d) =>
      withSingleDefault({
        ...d,
        vkforgIds: d.vkforgIds.length === 0 && vkforgs.length === 1 ? vkforgs.map((v) => v.id) : d.vkforgIds,
        accountIds: d.accountIds.length === 0 && accounts.length === 1 ? accounts.map((a) => a.id) : d.accountIds,
      }),
    );
  }, [user, vkforgs, accounts]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all });

  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) return notifyError(String(error));
    if (error.status === 409 && error.code === 'EDITED_MEANWHILE') return setConflict(error.message);
    setFields(error.fields);
    notifyError(error.message);
  };

  const save = useMutation({
    mutationFn: async () => {
      const firmaId = vkforgs.find((v) => v.id === draft.vkforgId)?.idfirma ?? 0;
      const body: AdminUserInput = {
        ...draft,
        accountId: draft.accountId ?? 0,
        vkforgId: draft.vkforgId ?? 0,
        firmaId,
      };
      if (user) return { user: await updateAdminUser(user.id, { ...body, version: user.version }), password: null };
      return createAdminUser(body);
    },
    onSuccess: async (answer) => {
      setFields({});
      notifySuccess(t('form.saved'));
      await refresh();
      // A new user's one-time password is shown here once; closing it goes back to the list.
      if (answer.password) setShown({ name: answer.user.username, password: answer.password });
      else navigate(paths.admin.users);
    },
    onError,
  });

  const action = useMutation({
    mutationFn: async (kind: 'disable' | 'enable' | 'oneTime' | 'mail' | 'unlock') => {
      if (!user) throw new Error('no user');
      if (kind === 'disable' || kind === 'enable') {
        await setAdminUserDisabled(user, kind === 'disable');
        return { message: t(kind === 'disable' ? 'actions.disabledDone' : 'actions.enabledDone'), password: null };
      }
      if (kind === 'oneTime') return { message: null, password: (await setAdminUserOneTimePassword(user.id)).password };
      const answer = kind === 'mail' ? await sendAdminUserResetMail(user.id) : await unlockAdminUser(user.id);
      return { message: answer.message, password: null };
    },
    onSuccess: async (answer) => {
      if (answer.message) notifySuccess(answer.message);
      if (answer.password && user) setShown({ name: user.username, password: answer.password });
      await refresh();
    },
    onError,
  });

  // After a 409 the admin sees the current state and decides again.
  const reload = async () => {
    if (!user) return;
    const fresh = await queryClient.fetchQuery({ ...adminUserQuery(user.id), staleTime: 0 });
    setDraft(draftOf(fresh));
    setFields({});
    setConflict(null);
  };

  // Disabling a user and a one-time password both sign them out of every device: asked first, naming the
  // devices where their work still waits to be sent.
  const confirmed = (kind: 'disable' | 'enable' | 'oneTime') => () => {
    if (!user) return;
    void confirmUserAction(queryClient, t, user, kind, () => action.mutate(kind));
  };

  const vkforgOptions = vkforgs.map((v) => ({ value: String(v.id), label: `${v.vkforg} ${v.kurzbezeichnung}` }));
  const accountOptions = accounts.map((a) => ({ value: String(a.id), label: `${a.number} ${a.name}` }));
  const ids = (values: string[]) => values.map(Number);

  return (
    <Stack gap="sm">
      <Title order={3}>{user ? t('edit') : t('new')}</Title>
      {conflict && (
        <Alert color="orange" title={conflict}>
          <Button variant="default" onClick={reload}>
            {t('form.reload')}
          </Button>
        </Alert>
      )}
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('form.username')}
            value={draft.username}
            onChange={(e) => set('username', e.currentTarget.value)}
            error={fields.username}
            required
          />
          <TextInput
            label={t('form.fullName')}
            value={draft.fullName}
            onChange={(e) => set('fullName', e.currentTarget.value)}
            error={fields.fullName}
            required
          />
          <TextInput
            label={t('form.email')}
            type="email"
            value={draft.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={fields.email}
          />
          <Stack gap={4}>
            <label htmlFor="admin-user-kind">{t('form.kind')}</label>
            <SegmentedControl
              id="admin-user-kind"
              value={draft.kind}
              onChange={(v) => set('kind', v as UserKind)}
              data={[
                { value: 'internal', label: t('form.internal') },
                { value: 'external', label: t('form.external') },
              ]}
            />
          </Stack>
        </SimpleGrid>
        <Checkbox.Group
          label={t('form.permissions')}
          value={draft.permissions}
          onChange={(v) => set('permissions', v as Draft['permissions'])}
          error={fields.permissions}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            {PERMISSIONS.map((p) => (
              <Checkbox key={p} value={p} label={permissionLabel(p)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('form.roles')}
          value={draft.roles}
          onChange={(v) => set('roles', v as Draft['roles'])}
          error={fields.roles}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            {ROLES.map((r) => (
              <Checkbox key={r} value={r} label={roleLabel(r)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceList
            label={t('form.vkforgs')}
            placeholder={t('form.choose')}
            options={vkforgOptions}
            value={draft.vkforgIds.map(String)}
            onChange={(v) => set('vkforgIds', ids(v))}
            error={fields.vkforgIds}
          />
          <DefaultChoice
            label={t('form.vkforg')}
            options={vkforgOptions.filter((o) => draft.vkforgIds.includes(Number(o.value)))}
            value={draft.vkforgId === null ? null : String(draft.vkforgId)}
            onChange={(v) => set('vkforgId', v === null ? null : Number(v))}
            error={fields.vkforgId ?? fields.firmaId}
          />
          <ChoiceList
            label={t('form.accounts')}
            placeholder={t('form.choose')}
            options={accountOptions}
            value={draft.accountIds.map(String)}
            onChange={(v) => set('accountIds', ids(v))}
            error={fields.accountIds}
          />
          <DefaultChoice
            label={t('form.account')}
            options={accountOptions.filter((o) => draft.accountIds.includes(Number(o.value)))}
            value={draft.accountId === null ? null : String(draft.accountId)}
            onChange={(v) => set('accountId', v === null ? null : Number(v))}
            error={fields.accountId}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(paths.admin.users)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {user ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
      {user && (
        <Stack gap="xs">
          <Title order={4}>{t('actions.title')}</Title>
          <Group>
            <Button
              color={user.disabled ? undefined : 'red'}
              variant="light"
              onClick={confirmed(user.disabled ? 'enable' : 'disable')}
            >
              {user.disabled ? t('actions.enable') : t('actions.disable')}
            </Button>
            <Button variant="default" onClick={() => action.mutate('mail')} disabled={user.kind !== 'internal'}>
              {t('actions.resetMail')}
            </Button>
            <Button variant="default" onClick={confirmed('oneTime')} disabled={user.kind !== 'internal'}>
              {t('actions.oneTimePassword')}
            </Button>
            <Button variant="default" onClick={() => action.mutate('unlock')}>
              {t('actions.unlock')}
            </Button>
          </Group>
        </Stack>
      )}
      <OneTimePasswordModal
        shown={shown}
        onClose={() => {
          setShown(null);
          if (!user) navigate(paths.admin.users);
        }}
      />
    </Stack>
  );
}
