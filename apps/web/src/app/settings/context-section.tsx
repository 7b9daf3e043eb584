import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canOpenContextEditor } from '../../session/guard-decisions';
import { CurrentContext } from '../overview/current-context';
import { EditContextDialog } from '../shell/edit-context-dialog';
import { useUser } from '../shell/use-user';
import { SettingsSection } from './settings-section';

export function ContextSection() {
  const { t } = useTranslation('settings');
  const user = useUser();
  const [editing, setEditing] = useState(false);
  return (
    <SettingsSection id="context" title={t('context.title')}>
      <CurrentContext />
      {canOpenContextEditor(user) && (
        <Button variant="light" onClick={() => setEditing(true)}>
          {t('context.edit')}
        </Button>
      )}
      <EditContextDialog opened={editing} onClose={() => setEditing(false)} />
    </SettingsSection>
  );
}
