import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AUDIT_ACTION_LABELS, AUDIT_OBJECT_LABELS } from '@mde/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditLogFilterText } from '../api/audit-log';

const EMPTY = { actor: '', objectType: '', objectId: '', action: '', from: '', to: '' };
type Fields = typeof EMPTY;

/** A day of the period as an instant: 'von' from its start, 'bis' to its end, in the device's time zone. */
const dayInstant = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

// Objekt and Aktion are choices from the catalogue (docs/administration.md "Wörter der Administration"), never codes
// to type.
const choices = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'de'));
const OBJECT_CHOICES = choices(AUDIT_OBJECT_LABELS);
const ACTION_CHOICES = choices(AUDIT_ACTION_LABELS);

/** Benutzer, Objekt, Aktion, Zeitraum: applied together with 'Filtern'. */
export function AuditLogFilters({ onApply }: { onApply: (filter: AuditLogFilterText) => void }) {
  const { t } = useTranslation('admin-audit-log');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((f) => ({ ...f, [key]: value }));
  };
  const choose = (key: keyof Fields) => (value: string | null) => setFields((f) => ({ ...f, [key]: value ?? '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.from && fields.to && fields.from > fields.to) {
      setError(t('fromAfterTo'));
      return;
    }
    setError(null);
    onApply({
      actor: fields.actor.trim() || undefined,
      objectType: fields.objectType.trim() || undefined,
      objectId: fields.objectId.trim() || undefined,
      action: fields.action.trim() || undefined,
      from: dayInstant(fields.from, false),
      to: dayInstant(fields.to, true),
    });
  };
  const reset = () => {
    setFields(EMPTY);
    setError(null);
    onApply({});
  };
  return (
    <form onSubmit={submit} aria-label={t('filters')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
        <TextInput label={t('actor')} value={fields.actor} onChange={set('actor')} maxLength={100} />
        <Select
          label={t('objectType')}
          placeholder={t('all')}
          data={OBJECT_CHOICES}
          value={fields.objectType || null}
          onChange={choose('objectType')}
          clearable
        />
        <TextInput label={t('objectId')} value={fields.objectId} onChange={set('objectId')} maxLength={100} />
        <Select
          label={t('action')}
          placeholder={t('all')}
          data={ACTION_CHOICES}
          value={fields.action || null}
          onChange={choose('action')}
          clearable
        />
        <TextInput label={t('from')} type="date" value={fields.from} onChange={set('from')} />
        <TextInput label={t('to')} type="date" value={fields.to} onChange={set('to')} error={error} />
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button type="submit">{t('apply')}</Button>
        <Button variant="default" onClick={reset}>
          {t('reset')}
        </Button>
      </Group>
    </form>
  );
}
