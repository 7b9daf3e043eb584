import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ChangePasswordForm } from './change-password-form';
import { SettingsSection } from './settings-section';

/** docs/spec.md §2 password change (group internal; the page hides it for external users). */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="password" title={t('password.title')}>
      <ChangePasswordForm
        texts={{
          current: t('password.current'),
          new: t('password.new'),
          repeat: t('password.repeat'),
          submit: t('password.submit'),
          failed: t('password.failed'),
        }}
        onChanged={notifySuccess}
        onFailed={notifyError}
      />
    </SettingsSection>
  );
}
