import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import type { CaptureHeaderRow } from '../../offline/captures/rows';
import type { CaptureArticleAnswer } from '../api/capture-article';
import type { CaptureModuleDef } from '../capture-module';
import { quantityText, supplierDoesNotDeliver } from '../model/entry-defaults';
import { belowSupplierMinimum } from '../model/supplier-rules';

interface Props {
  def: CaptureModuleDef;
  article: CaptureArticleAnswer;
  header: CaptureHeaderRow | null;
  unit: string;
  quantity: string;
  /** 'Vorschlag übernehmen': the proposal's quantity in its own (order) unit. */
  onTakeProposal: (quantity: string, unit: string) => void;
}

/** The article header of the capture screen with the module's hints: Vorschlag, minimum, supplier check. */
export function ArticleFacts({ def, article, header, unit, quantity, onTakeProposal }: Props) {
  const { t } = useTranslation('capture');
  const p = article.proposal;
  const s = article.supplier;
  const factor = article.units.find((u) => u.unit === unit)?.factor ?? 1;
  const below = def.supplierMinimum && s ? belowSupplierMinimum(quantity, factor, s.minimum) : false;
  const mismatch = def.info.hasReasons && supplierDoesNotDeliver(article, header?.header.supplierId);
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" data-testid="article-number">
          {article.number}
        </Text>
        <Title order={3}>{article.designation1}</Title>
        {article.designation2 && <Text size="sm">{article.designation2}</Text>}
        {s && (def.supplierMinimum || def.proposal) && (
          <Text size="sm">
            {t('article.supplier')}: {s.name} ·{' '}
            {t('article.minimum', { minimum: formatQuantity(s.minimum), unit: article.baseUnit })}
          </Text>
        )}
        {def.proposal && p && (
          <Group justify="space-between" data-testid="proposal">
            <Stack gap={0}>
              <Text fw={600}>
                {t('article.proposal')}: {formatQuantity(p.orderUnits, p.unit)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('article.proposalDetail', {
                  target: p.target,
                  stock: p.stock,
                  open: p.openOrders,
                  base: article.baseUnit,
                })}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onTakeProposal(quantityText(p.orderUnits), p.unit)}
            >
              {t('article.takeProposal')}
            </Button>
          </Group>
        )}
        {below && s && (
          <Alert color="orange" p="xs">
            {t('article.belowMinimum', { minimum: formatQuantity(s.minimum), unit: article.baseUnit })}
          </Alert>
        )}
        {mismatch && (
          <Alert color="orange" p="xs">
            {t('article.supplierMismatch')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
