import { Alert, Box, Button, Select, Stack } from '@mantine/core';
import { type ArticleLookup, isIsoDate, type Supplier } from '@mde/contracts';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../components/date-field';
import { type ModuleStep, ModuleStepPage } from '../../components/module-step-page';
import { QueryError } from '../../components/query-error';
import { todayIso } from '../../lib/format';
import type { CaptureHeaderRow } from '../../offline/captures/rows';
import { useWarehouses } from '../api/warehouses';
import type { CaptureModuleDef, HeaderField } from '../capture-module';
import { setHeader } from '../hooks/device-store';
import { useCaptureHeader } from '../hooks/use-capture-data';
import { useCaptureScope } from '../hooks/use-capture-scope';
import { useOpenCapture } from '../hooks/use-open-capture';
import { warehouseLabel } from '../model/warehouse-label';
import { SupplierPicker } from './supplier-picker';

interface Props {
  def: CaptureModuleDef;
  step: ModuleStep;
  submitLabel?: string;
}

/** A module's header step (Kopf, docs/spec.md §3): delivery date, warehouse and document date, or supplier. */
export function HeaderStepPage(props: Props) {
  const scope = useCaptureScope(props.def.info.key);
  const header = useCaptureHeader(scope);
  // Set once the worker sends the header: a scan from then on is made for the list, which the arbiter hands it
  // to. It lives here, not in the form: saving the header draws the form anew (its key is the header's time).
  const leaving = useRef(false);
  if (!scope || header === undefined) return <ModuleStepPage module={props.def.name} step={props.step} />;
  return (
    <HeaderForm {...props} key={header?.updatedAt ?? 'new'} initial={header} scopeReady={scope} leaving={leaving} />
  );
}

function HeaderForm({
  def,
  step,
  submitLabel,
  initial,
  scopeReady,
  leaving,
}: Props & {
  initial: CaptureHeaderRow | null;
  scopeReady: NonNullable<ReturnType<typeof useCaptureScope>>;
  leaving: RefObject<boolean>;
}) {
  // The fields the module declares for its header (docs/spec.md §3), all on this one step.
  const fields = def.headerFields;
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const has = (f: HeaderField) => fields.includes(f);
  const warehouses = useWarehouses();
  const h = initial?.header;
  const [datum, setDatum] = useState(h?.datum ?? todayIso(new Date(Date.now() + 86_400_000)));
  const [lager, setLager] = useState<string | null>(h?.lager ? String(h.lager) : null);
  const [belegdatum, setBelegdatum] = useState(h?.belegdatum ?? todayIso());
  const [supplier, setSupplier] = useState<Supplier | null>(
    h?.supplierId ? { id: h.supplierId, name: initial?.supplierName ?? String(h.supplierId), number: '' } : null,
  );
  // An article scanned before the header was complete: its capture opens right after the header is saved.
  const [scanned, setScanned] = useState<ArticleLookup | null>(null);
  // Read after the header is saved: a scan taken while the save ran is in the ref, not yet in the state.
  const scannedRef = useRef<ArticleLookup | null>(null);
  const keepScanned = (lookup: ArticleLookup) => {
    scannedRef.current = lookup;
    setScanned(lookup);
  };
  const openCapture = useOpenCapture(def, scopeReady);
  const complete =
    (!has('datum') || isIsoDate(datum)) &&
    (!has('lager') || lager !== null) &&
    (!has('belegdatum') || isIsoDate(belegdatum)) &&
    (!has('supplier') || supplier !== null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    leaving.current = true;
    await setHeader(
      scopeReady,
      {
        ...(has('datum') && { datum }),
        ...(has('lager') && { lager: Number(lager) }),
        ...(has('belegdatum') && { belegdatum }),
        ...(has('supplier') && { supplierId: supplier?.id ?? null }),
      },
      supplier?.name ?? null,
    );
    navigate(def.paths.root);
    if (scannedRef.current) await openCapture(scannedRef.current, { location: null });
  };

  return (
    <Stack component="form" onSubmit={(e) => void submit(e)}>
      <ModuleStepPage module={def.name} step={step} />
      {has('datum') && (
        <DateField
          label={t('header.datum')}
          aria-label={t('header.datum')}
          value={datum}
          onChange={setDatum}
          required
          size="lg"
        />
      )}
      {has('lager') && (
        <>
          {warehouses.isError && <QueryError error={warehouses.error} onRetry={() => void warehouses.refetch()} />}
          {warehouses.data?.length === 0 && <Alert color="yellow">{t('header.noWarehouses')}</Alert>}
          <Select
            label={t('header.lager')}
            aria-label={t('header.lager')}
            placeholder={t('header.lagerPlaceholder')}
            data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: warehouseLabel(w) }))}
            value={lager}
            onChange={setLager}
            disabled={warehouses.isPending}
            required
            size="lg"
          />
        </>
      )}
      {has('belegdatum') && (
        <DateField
          label={t('header.belegdatum')}
          aria-label={t('header.belegdatum')}
          value={belegdatum}
          onChange={setBelegdatum}
          required
          size="lg"
        />
      )}
      {has('supplier') && (
        <SupplierPicker
          vkforgId={scopeReady.vkforgId}
          value={supplier}
          onChange={setSupplier}
          onArticleScan={keepScanned}
          accepting={() => !leaving.current}
        />
      )}
      {scanned && (
        <Alert color="blue" data-testid="scanned-before-header" role="status">
          {t('header.scannedFirst', {
            number: scanned.article.number,
            designation: scanned.article.designation1,
            submit: submitLabel ?? t('header.submit'),
          })}
        </Alert>
      )}
      {/* The button stays in reach at the bottom of the screen, however long the supplier list is. */}
      <Box
        pos="sticky"
        bottom={0}
        py="xs"
        style={{ zIndex: 2, background: 'var(--mantine-color-body)' }}
        data-testid="header-submit-bar"
      >
        <Button type="submit" size="lg" fullWidth disabled={!complete}>
          {submitLabel ?? t('header.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
