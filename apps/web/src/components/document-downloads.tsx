import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type DownloadFormat = 'csv' | 'json';

/**
 * A document as a file, CSV for Excel or JSON as the ERP gets it: a plain link each, which the browser follows with
 * the session cookie and saves under the server's file name, so a phone downloads it like any file.
 */
export function DocumentDownloads({ number, urlOf }: { number: string; urlOf: (format: DownloadFormat) => string }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" mt="xs">
      {(['csv', 'json'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={urlOf(format)}
          download
          variant="light"
          size="xs"
          leftSection={<IconDownload size={16} />}
          aria-label={t(`download.${format}Label`, { number })}
        >
          {t(`download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
