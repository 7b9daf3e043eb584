import { Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Supplier } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../scanner';
import { useSuppliers } from '../api/suppliers';
import { useScanQueue } from '../hooks/use-scan-queue';

interface Props {
  vkforgId: number;
  value: Supplier | null;
  onChange: (supplier: Supplier | null) => void;
}

/** Retouren supplier entry (docs/modules.md#retouren): search by name or number, or scan the supplier number. */
export function SupplierPicker({ vkforgId, value, onChange }: Props) {
  const { t } = useTranslation('capture');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const suppliers = useSuppliers(vkforgId, debounced);
  useScanQueue(async (code) => {
    feedback.ok();
    setQ(code.trim());
  });
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
        <Group justify="space-between">
          <Text data-testid="chosen-supplier">
            {t('header.supplier')}: <b>{value.name}</b>
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange(null)}>
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
          <Stack gap={6}>
            {(suppliers.data ?? []).map((s) => (
              <Radio key={s.id} value={String(s.id)} label={`${s.number} · ${s.name}`} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
