import { ActionIcon, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ArticleSummary } from '@mde/contracts';
import { IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents, formatQuantity } from '../../../lib/format';

/** One article in a list: designations, number and EAN, price and stock; tap opens it. */
export function ArticleRow({
  article,
  onOpen,
  onFavorite,
  action,
}: {
  article: ArticleSummary;
  onOpen: () => void;
  onFavorite?: () => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation('article-info');
  return (
    <Card withBorder padding="sm" data-testid="article-row" data-idartstamm={article.idartstamm}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2}>
            <Text fw={600} lineClamp={2}>
              {article.designation1}
            </Text>
            {article.designation2 && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {article.designation2}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('article.number')} {article.number}
              {article.mainEan && ` · ${t('article.ean')} ${article.mainEan}`}
            </Text>
            <Group gap="md">
              <Text size="sm" fw={500}>
                {article.priceCents === null ? '–' : formatMoneyCents(article.priceCents)}
              </Text>
              <Text size="sm">
                {t('article.stock')}: {formatQuantity(article.stockTotal, article.baseUnit)}
              </Text>
            </Group>
          </Stack>
        </UnstyledButton>
        {onFavorite && (
          <ActionIcon variant="subtle" onClick={onFavorite} aria-label={t('article.addToFavorites')} size="lg">
            <IconStar size={20} />
          </ActionIcon>
        )}
        {action}
      </Group>
    </Card>
  );
}
