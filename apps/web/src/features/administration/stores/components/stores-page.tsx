import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { FirmaPicker } from '../../components/firma-picker';
import { useOrg } from '../api/stores-api';
import { OrgDialog } from './org-dialog';
import { type DialogTarget, dialogOf } from './org-dialogs';
import { StoreCard } from './store-card';

/** /admin/stores: per firma its accounts and stores, the stores' warehouses and storage locations. */
export function StoresPage() {
  const { t } = useTranslation('admin-stores');
  const org = useOrg();
  const [firmaId, setFirmaId] = useState<number>();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  if (org.isPending) return <Loader />;
  if (org.isError) return <QueryError error={org.error} />;
  const firma = org.data.firmas.find((f) => f.id === firmaId) ?? org.data.firmas[0];
  if (!firma) return <Text>{t('loadFailed')}</Text>;
  const dialog = target && dialogOf(target, t);
  return (
    <Stack>
      <FirmaPicker firmas={org.data.firmas} value={firma.id} onChange={setFirmaId} />
      <Card withBorder padding="sm" component="section" aria-label={t('accounts')}>
        <Group justify="space-between">
          <Title order={3}>{t('accounts')}</Title>
          <Button size="compact-sm" onClick={() => setTarget({ kind: 'account', firma: firma.id })}>
            {t('newAccount')}
          </Button>
        </Group>
        <Stack gap={4} mt="xs">
          {firma.accounts.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {a.number} – {a.name}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setTarget({ kind: 'account', firma: firma.id, account: a })}
                aria-label={`${t('editAccount')} ${a.number}`}
              >
                {t('edit')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Card>
      <Group justify="space-between">
        <Title order={3}>{t('stores')}</Title>
        <Button size="compact-sm" onClick={() => setTarget({ kind: 'store', firma: firma.id })}>
          {t('newStore')}
        </Button>
      </Group>
      {firma.stores.map((s) => (
        <StoreCard key={s.id} store={s} open={setTarget} />
      ))}
      {dialog && (
        <OrgDialog
          key={JSON.stringify(target)}
          {...dialog}
          schema={dialog.schema as never}
          onClose={() => setTarget(null)}
        />
      )}
    </Stack>
  );
}
