import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_INTEGRATION_MSG, type WebhookSubscription } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { ApiError } from '../../../../lib/api-client';
import { ShownOnceModal } from '../../components/shown-once-modal';
import {
  useApiKeys,
  useCreateWebhook,
  useDeliveries,
  useDisableWebhook,
  useRedeliver,
  useWebhooks,
} from '../api/integration';
import { FirmaChoice, initialFirmas } from './firma-choice';

const when = (value: string) => new Date(value).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });

function Deliveries({ subscription }: { subscription: WebhookSubscription }) {
  const { t } = useTranslation('admin-integration');
  const deliveries = useDeliveries(subscription.id);
  const redeliver = useRedeliver(subscription.id);
  if (deliveries.isError) return <QueryError error={deliveries.error} />;
  const rows = deliveries.data?.deliveries ?? [];
  if (deliveries.isSuccess && rows.length === 0) return <Text size="sm">{t('webhooks.noDeliveries')}</Text>;
  return (
    <Stack gap={4}>
      {rows.map((d) => (
        <Group key={d.id} justify="space-between" wrap="wrap" data-testid="webhook-delivery">
          <Text size="sm">
            {d.eventType} · {d.status} · {t('webhooks.attempts', { count: d.attempts.length })}
            {d.attempts.at(-1) ? ` · ${when(d.attempts.at(-1)?.at ?? '')}` : ''}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            loading={redeliver.isPending}
            onClick={() => redeliver.mutate(d.id)}
          >
            {t('webhooks.redeliver')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Webhook subscriptions of the admin's firmas: list, create for some of them (secret shown once), disable, and
 * each one's delivery log. The firmas to choose from come with the keys' list.
 */
export function WebhooksCard() {
  const { t } = useTranslation('admin-integration');
  const list = useWebhooks();
  const create = useCreateWebhook();
  const disable = useDisableWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState('*');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<number | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [picked, setPicked] = useState<number[] | null>(null);
  const firmaChoices = useApiKeys().data?.firmas ?? [];
  const firmas = picked ?? initialFirmas(firmaChoices);

  const submit = () => {
    if (firmas.length === 0) {
      setErrors({ firmas: ADMIN_INTEGRATION_MSG.firmas });
      return;
    }
    create.mutate(
      { url: url.trim(), events: events.split(',').map((e) => e.trim()), firmas },
      {
        onSuccess: (created) => {
          setErrors({});
          setSecret(created.secret);
          setUrl('');
          setPicked(null);
        },
        onError: (error) => setErrors(error instanceof ApiError ? { url: error.message, ...error.fields } : {}),
      },
    );
  };

  const subscriptions = list.data ?? [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3}>{t('webhooks.title')}</Title>
        {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
        {list.isSuccess && subscriptions.length === 0 && <Text>{t('webhooks.empty')}</Text>}
        {subscriptions.length > 0 && (
          <Table.ScrollContainer minWidth={0}>
            <Table data-testid="webhook-table">
              <Table.Tbody>
                {subscriptions.map((s) => (
                  <Table.Tr key={s.id} data-testid="webhook-row">
                    <Table.Td>
                      <Stack gap={4}>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {s.url}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {s.events.join(', ')} · {t('firmas')} {s.firmas.join(', ')}
                        </Text>
                        <Group gap="xs">
                          <Badge color={s.enabled ? 'green' : 'gray'} variant={s.enabled ? 'filled' : 'default'}>
                            {s.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
                          </Badge>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            onClick={() => setOpen(open === s.id ? null : s.id)}
                          >
                            {t('webhooks.deliveries')}
                          </Button>
                          {s.enabled && (
                            <Button size="compact-sm" variant="light" color="red" onClick={() => disable.mutate(s.id)}>
                              {t('webhooks.disable')}
                            </Button>
                          )}
                        </Group>
                        {open === s.id && <Deliveries subscription={s} />}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
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
              label={t('webhooks.url')}
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={errors.url}
              maxLength={2000}
            />
            <TextInput
              label={t('webhooks.events')}
              value={events}
              onChange={(e) => setEvents(e.currentTarget.value)}
              error={errors.events}
            />
            <FirmaChoice firmas={firmaChoices} value={firmas} onChange={setPicked} error={errors.firmas} />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('webhooks.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <ShownOnceModal
        secret={secret}
        title={t('webhooks.secretTitle')}
        hint={t('webhooks.secretHint')}
        closeLabel={t('keys.done')}
        testId="new-webhook-secret"
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}
