import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ArticleGeneral } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatQuantity } from '../../../../lib/format';
import { DataTable } from './data-table';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value || '–'}
      </Text>
    </Group>
  );
}

/** General: numbers, designations, codes and the listing per vkforg (docs/modules.md#artikel-info). */
export function GeneralSection({ general }: { general: ArticleGeneral }) {
  const { t } = useTranslation('article-info');
  return (
    <Stack gap="xs">
      <Field label={t('article.number')} value={general.number} />
      <Field label={t('general.designation1')} value={general.designation1} />
      <Field label={t('general.designation2')} value={general.designation2} />
      <Field label={t('article.department')} value={general.department} />
      <Field label={t('general.baseUnit')} value={general.baseUnit} />
      {general.scalePlu && <Field label={t('general.scalePlu')} value={general.scalePlu} />}
      <Text size="sm" fw={600}>
        {t('general.codes')}
      </Text>
      <DataTable
        label={t('general.codes')}
        head={[t('article.ean'), t('units.unit'), t('units.factor')]}
        rows={general.codes.map((c) => [c.code, c.unit, formatQuantity(c.factor)])}
      />
      <Text size="sm" fw={600}>
        {t('general.listing')}
      </Text>
      <DataTable
        label={t('general.listing')}
        head={[t('general.listing'), '', t('general.targetStock')]}
        rows={general.listings.map((l) => [
          `${l.vkforg} ${l.name}`,
          <Group key="s" gap={4}>
            <Badge color={l.listed ? 'green' : 'gray'} variant="light">
              {l.listed ? t('general.listed') : t('general.notListed')}
            </Badge>
            {l.listedSince && (
              <Text size="xs" c="dimmed">
                {t('general.listedSince', { date: formatDate(l.listedSince) })}
              </Text>
            )}
          </Group>,
          l.targetStock === null ? '–' : formatQuantity(l.targetStock),
        ])}
      />
    </Stack>
  );
}
