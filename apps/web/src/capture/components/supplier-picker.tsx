import { Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ArticleLookup, Supplier } from '@mde/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../scanner';
import { resolveScannedCode } from '../api/resolve-code';
import { suppliersQuery, useSuppliers } from '../api/suppliers';
import { useScanQueue } from '../hooks/use-scan-queue';

interface Props {
  vkforgId: number;
  value: Supplier | null;
  onChange: (supplier: Supplier | null) => void;
  /** An article scanned before the header is complete: kept by the header step, never dropped. */
  onArticleScan: (lookup: ArticleLookup) => void;
  /** False once the header is sent: later scans belong to the list. */
  accepting?: () => boolean;
}

/**
 * Retouren supplier entry (docs/modules.md#retouren): search by name or number, or scan. A scanned supplier
 * number picks the supplier; a scanned article is handed to the header step; anything else lands in the search.
 */
export function SupplierPicker({ vkforgId, value, onChange, onArticleScan, accepting }: Props) {
  const { t } = useTranslation('capture');
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const suppliers = useSuppliers(vkforgId, debounced);
  useScanQueue(
    async (raw) => {
      const code = raw.trim();
      const matches = await queryClient.fetchQuery(suppliersQuery(vkforgId, code)).catch(() => [] as Supplier[]);
      const supplier = matches.find((s) => s.number === code);
      if (supplier) {
        feedback.ok();
        onChange(supplier);
        return;
      }
      const found = await resolveScannedCode(vkforgId, code).catch(() => null);
      if (found?.kind === 'found') {
        feedback.ok();
        onArticleScan(found.lookup);
        return;
      }
      // Neither a supplier number nor a known article: shown in the search, so the worker sees what was read.
      if (matches.length > 0) feedback.ok();
      else feedback.warning();
      setQ(code);
    },
    true,
    accepting,
  );
  return (
    <Stack gap="xs">
      <TextInput
        label={t('header.supplierSearch')}
        aria-label={t('header.supplierSearch')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        size="lg"
        rightSection={suppliers.isFetching ? <Loader size="xs" /> : null}
      />
      {value && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text data-testid="chosen-supplier" style={{ overflowWrap: 'anywhere' }}>
            {t('header.supplier')}: <b>{value.name}</b>
          </Text>
          <Button variant="subtle" h={44} style={{ flexShrink: 0 }} onClick={() => onChange(null)}>
            {t('header.changeSupplier')}
          </Button>
        </Group>
      )}
      {!value && (
        <Radio.Group
          aria-label={t('header.supplier')}
          value={null}
          onChange={(id) => onChange(suppliers.data?.find((s) => String(s.id) === id) ?? null)}
        >
          {/* Rows a thumb can hit (at least 44 px), one line each, so many fit on a phone. */}
          <Stack gap={4}>
            {(suppliers.data ?? []).map((s) => (
              <Radio.Card key={s.id} value={String(s.id)} radius="md" px="sm" py={10} mih={44}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator size="sm" />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {`${s.number} · ${s.name}`}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
