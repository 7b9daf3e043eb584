import { useTranslation } from 'react-i18next';
import { PushSettings } from '../../features/notifications/components/push-settings';
import { SettingsSection } from './settings-section';

export function PushSection() {
  const { t } = useTranslation('notifications');
  return (
    <SettingsSection id="push" title={t('push.title')}>
      <PushSettings />
    </SettingsSection>
  );
}
