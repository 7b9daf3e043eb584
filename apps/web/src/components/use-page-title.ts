import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title (what screen readers and the task switcher show) to 'Page – MDE'. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const app = t('appName');
  useEffect(() => {
    document.title = `${title} – ${app}`;
  }, [title, app]);
}
