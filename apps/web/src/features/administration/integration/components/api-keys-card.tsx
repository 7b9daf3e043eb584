import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type AdminApiKey, adminApiKeyCreateSchema, INTEGRATION_SCOPES } from '@mde/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { ApiError } from '../../../../lib/api-client';
import { ShownOnceModal } from '../../components/shown-once-modal';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integration';
import { ApiKeyRequests } from './api-key-requests';
import { FirmaChoice, initialFirmas } from './firma-choice';

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' }) : null;

/**
 * API keys of the admin's firmas: the list (never a secret) with each key's firmas and its last requests, a form
 * to create one for some of the admin's firmas (shown once, with a copy button), revoke.
 */
export function ApiKeysCard() {
  const { t } = useTranslation('admin-integration');
  const list = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [picked, setPicked] = useState<number[] | null>(null);
  const [openRequests, setOpenRequests] = useState<number | null>(null);
  const firmaChoices = list.data?.firmas ?? [];
  const firmas = picked ?? initialFirmas(firmaChoices);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);

  const submit = () => {
    const parsed = adminApiKeyCreateSchema.safeParse({ name, scopes, firmas });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setShown({ name: created.name, key: created.key });
        setName('');
        setScopes([]);
        setPicked(null);
      },
      onError: (error) => setErrors(error instanceof ApiError ? { name: error.message, ...error.fields } : {}),
    });
  };

  const confirmRevoke = (key: AdminApiKey) =>
    modals.openConfirmModal({
      title: t('keys.revokeTitle'),
      children: <Text size="sm">{t('keys.revokeConfirm', { name: key.name })}</Text>,
      labels: { confirm: t('keys.revoke'), cancel: t('keys.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(key.id),
    });

  const keys = list.data?.keys ?? [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3}>{t('keys.title')}</Title>
        {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
        {list.isSuccess && keys.length === 0 && <Text>{t('keys.empty')}</Text>}
        {keys.length > 0 && (
          <Table.ScrollContainer minWidth={0}>
            <Table striped data-testid="api-key-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('keys.name')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('firmas')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('keys.prefix')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('keys.scopes')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('keys.lastUsed')}</Table.Th>
                  <Table.Th>{t('keys.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((k) => (
                  <Fragment key={k.id}>
                    <Table.Tr data-testid="api-key-row" data-name={k.name}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {k.name}
                        <Text size="xs" c="dimmed" hiddenFrom="md">
                          {t('firmas')} {k.firmas.join(', ')}
                        </Text>
                        <Anchor
                          component="button"
                          type="button"
                          size="xs"
                          display="block"
                          ta="left"
                          aria-expanded={openRequests === k.id}
                          onClick={() => setOpenRequests(openRequests === k.id ? null : k.id)}
                        >
                          {t('requests.title')}
                        </Anchor>
                      </Table.Td>
                      <Table.Td visibleFrom="md">{k.firmas.join(', ')}</Table.Td>
                      <Table.Td visibleFrom="md">
                        <Code>{k.prefix}…</Code>
                      </Table.Td>
                      <Table.Td visibleFrom="md">{k.scopes.join(', ')}</Table.Td>
                      <Table.Td visibleFrom="md">
                        {when(k.lastUsedAt) ?? t('keys.never')}
                        {k.lastUsedAddress ? ` (${k.lastUsedAddress})` : ''}
                      </Table.Td>
                      <Table.Td>
                        {k.revokedAt ? (
                          <Badge color="gray" variant="default">
                            {t('keys.revoked')}
                          </Badge>
                        ) : (
                          <Group gap="xs" wrap="nowrap">
                            <Badge color="green">{t('keys.active')}</Badge>
                            <Button size="compact-sm" variant="light" color="red" onClick={() => confirmRevoke(k)}>
                              {t('keys.revoke')}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                    {openRequests === k.id && (
                      <Table.Tr data-testid="api-key-requests-row">
                        <Table.Td colSpan={6}>
                          <ApiKeyRequests keyId={k.id} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t('keys.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={100}
            />
            <Checkbox.Group label={t('keys.scopes')} value={scopes} onChange={setScopes} error={errors.scopes}>
              <Group gap="sm" mt={4}>
                {INTEGRATION_SCOPES.map((s) => (
                  <Checkbox key={s} value={s} label={s} />
                ))}
              </Group>
            </Checkbox.Group>
            <FirmaChoice firmas={firmaChoices} value={firmas} onChange={setPicked} error={errors.firmas} />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('keys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <ShownOnceModal
        secret={shown?.key ?? null}
        title={t('keys.createdTitle')}
        hint={t('keys.createdHint')}
        closeLabel={t('keys.done')}
        testId="new-api-key"
        onClose={() => setShown(null)}
      />
    </Card>
  );
}
