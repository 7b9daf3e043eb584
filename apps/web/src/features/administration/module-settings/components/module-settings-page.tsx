import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../../components/query-error';
import { FirmaPicker } from '../../components/firma-picker';
import { useAdminFirmas, useModuleSettings } from '../api/module-settings-api';
import { ModuleCard } from './module-card';

/** /admin/module-settings: per firma one card per module; devices take a saved value at their next refresh. */
export function ModuleSettingsPage() {
  const { t } = useTranslation('admin-module-settings');
  const firmas = useAdminFirmas();
  const [picked, setPicked] = useState<number>();
  const firma = picked ?? firmas.data?.[0]?.id;
  const settings = useModuleSettings(firma);
  if (firmas.isError) return <QueryError error={firmas.error} />;
  if (settings.isError) return <QueryError error={settings.error} />;
  if (!firmas.data || !settings.data || firma === undefined) return <Loader />;
  return (
    <Stack>
      <FirmaPicker firmas={firmas.data} value={firma} onChange={setPicked} />
      <Text size="sm">{t('intro')}</Text>
      {settings.data.modules.map((m) => (
        // A new answer (after a save or a 409) starts the card from the values read.
        <ModuleCard
          key={`${settings.data.firma}|${m.module}|${m.settings.map((s) => s.value).join('|')}`}
          firma={settings.data.firma}
          module={m}
        />
      ))}
    </Stack>
  );
}
