import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { QueryError } from '../../../components/query-error';
import { formatDate, todayIso } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useWarehouses } from '../api/warehouses';
import { isCompleteHeader } from '../model/count-header';
import { loadCountHeader, saveCountHeader } from '../model/count-header-store';

/** Inventur start (MODULES.md): pick the warehouse (lager) and the document date (belegdatum, default today). */
export function CountStartPage() {
  const { t } = useTranslation('inventory-count');
  const navigate = useNavigate();
  const warehouses = useWarehouses();
  const stored = loadCountHeader();
  const [lager, setLager] = useState<string | null>(isCompleteHeader(stored) ? String(stored.lager) : null);
  const [belegdatum, setBelegdatum] = useState(isCompleteHeader(stored) ? stored.belegdatum : todayIso());
  const header = { lager: Number(lager), belegdatum };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isCompleteHeader(header)) return;
    saveCountHeader(header);
    navigate(paths.inventoryCount.root);
  };

  return (
    <Stack component="form" onSubmit={submit}>
      <ModuleStepPage module="inventory-count" step="start" />
      {warehouses.isError && <QueryError error={warehouses.error} onRetry={() => void warehouses.refetch()} />}
      {warehouses.data?.length === 0 && <Alert color="yellow">{t('start.noWarehouses')}</Alert>}
      <Select
        label={t('start.warehouse')}
        aria-label={t('start.warehouse')}
        placeholder={t('start.warehousePlaceholder')}
        data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.number} – ${w.name}` }))}
        value={lager}
        onChange={setLager}
        disabled={warehouses.isPending}
        required
        size="lg"
      />
      <TextInput
        type="date"
        label={t('start.documentDate')}
        aria-label={t('start.documentDate')}
        value={belegdatum}
        description={formatDate(belegdatum)}
        onChange={(e) => setBelegdatum(e.currentTarget.value)}
        required
        size="lg"
      />
      <Button type="submit" size="lg" disabled={!isCompleteHeader(header)}>
        {t('start.submit')}
      </Button>
    </Stack>
  );
}
