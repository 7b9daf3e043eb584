import { useTranslation } from 'react-i18next';
import { ShownOnceModal } from '../../components/shown-once-modal';

/** The one-time password, shown once (the server keeps only its hash). */
export function OneTimePasswordModal({
  shown,
  onClose,
}: {
  shown: { name: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-users');
  return (
    <ShownOnceModal
      secret={shown?.password ?? null}
      title={t('password.title')}
      hint={shown ? t('password.intro', { name: shown.name }) : ''}
      closeLabel={t('password.close')}
      testId="one-time-password"
      onClose={onClose}
    />
  );
}
