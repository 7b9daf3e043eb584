import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type Contact, contactValueProblem } from '@mde/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { contactChanges, contactQuery, patchContact } from '../../session/contact-api';
import { SettingsSection } from './settings-section';

/**
 * docs/spec.md §2 user contact: a form built from the server's definition 'userContact'; without fields the
 * docs/spec.md §8 message 'no definition found' (its German wording is ours: settings.json contact.noDefinition).
 */
export function ContactSection() {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const contact = useQuery(contactQuery());
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (contact.data) setValues(contact.data.values);
  }, [contact.data]);
  const mutation = useMutation({
    mutationFn: patchContact,
    onSuccess: (data: Contact) => {
      queryClient.setQueryData(contactQuery().queryKey, data);
      notifySuccess(t('contact.changed'));
    },
    onError: (e) => notifyError(e instanceof ApiError ? e.message : t('common:unexpectedError')),
  });

  const fields = contact.data?.definition.fields ?? [];
  const changes = contact.data ? contactChanges(contact.data.values, values) : {};
  // The server's own rules (contracts), asked before saving: a changed value that would be refused says so at
  // its field and is not sent.
  const problems = Object.fromEntries(
    fields.flatMap((f) => {
      const problem = f.name in changes ? contactValueProblem(f, values[f.name] ?? '') : null;
      return problem ? [[f.name, problem]] : [];
    }),
  );
  const invalid = Object.keys(problems).length > 0 || fields.some((f) => f.required && !(values[f.name] ?? '').trim());

  return (
    <SettingsSection id="contact" title={t('contact.title')}>
      {contact.isError && <QueryError error={contact.error} onRetry={() => void contact.refetch()} />}
      {contact.data && fields.length === 0 && <Alert color="yellow">{t('contact.noDefinition')}</Alert>}
      {fields.length > 0 && (
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!invalid) mutation.mutate(changes);
          }}
        >
          {fields.map((f) => (
            <TextInput
              key={f.name}
              type={f.type}
              label={f.label}
              required={f.required}
              maxLength={f.maxLength}
              value={values[f.name] ?? ''}
              // Mantine's light red is too faint on white for small text (contrast 4.5:1).
              styles={{ input: { color: 'inherit' }, error: { color: 'var(--mantine-color-red-9)' } }}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.name]: value }));
              }}
              error={
                problems[f.name] ?? (mutation.error instanceof ApiError ? mutation.error.fields[f.name] : undefined)
              }
            />
          ))}
          <Button type="submit" disabled={invalid || Object.keys(changes).length === 0} loading={mutation.isPending}>
            {t('contact.save')}
          </Button>
        </Stack>
      )}
    </SettingsSection>
  );
}
