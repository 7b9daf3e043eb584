import { Anchor, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { parseConnectionCode } from '../../lib/connection-code';
import { testConnection } from '../../lib/connection-test';
import {
  addConnection,
  type Connection,
  type ConnectionInput,
  connectionBaseUrl,
  connectionLabel,
  DEFAULT_CONNECTION_ID,
  defaultConnection,
  deleteConnection,
  updateConnection,
} from '../../lib/connections';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { ScannerHostSlot } from '../layout/scanner-host-slot';
import { loadScanner } from '../scanner-bridge';
import { ConnectionForm } from './connection-form';
import { ConnectionRow } from './connection-row';
import { useConnections } from './use-connections';
import '../all-styles';

type Editing = { id?: string; initial?: ConnectionInput } | null;

/** docs/spec.md §2 login child 'settings': the device's server connections. */
export function ConnectionSettingsPage() {
  const { t } = useTranslation(['auth', 'common']);
  usePageTitle(t('connections.title'));
  const [state, setState] = useConnections();
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const all: Connection[] = [defaultConnection(window.location), ...state.connections];

  const save = (input: ConnectionInput) => {
    if (editing?.id) setState(updateConnection(state, editing.id, input));
    else setState(addConnection(state, input, crypto.randomUUID()));
    setEditing(null);
    notifySuccess(t('connections.saved'));
  };

  const confirmDelete = (c: Connection) =>
    modals.openConfirmModal({
      title: t('connections.deleteTitle'),
      children: t('connections.deleteQuestion', { name: connectionLabel(c) }),
      labels: { confirm: t('common:delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setState(deleteConnection(state, c.id));
        notifySuccess(t('connections.deleted'));
      },
    });

  const test = async (c: Connection) => {
    setTesting(c.id);
    const baseUrl = connectionBaseUrl(c, window.location);
    const result = await testConnection(baseUrl);
    setTesting(null);
    const key = `connections.test${result.charAt(0).toUpperCase()}${result.slice(1)}` as const;
    (result === 'ok' ? notifySuccess : notifyError)(t(key, { origin: new URL(baseUrl, window.location.href).origin }));
  };

  const scan = async () => {
    const scanner = await loadScanner();
    let text: string;
    try {
      text = (await scanner.scan()).data;
    } catch (error) {
      // A dismissed scan is the user's choice, not an error worth a message.
      if (!scanner.isScanCancelled(error)) notifyError(t('connections.scanError'));
      return;
    }
    const parsed = parseConnectionCode(text);
    if (!parsed) {
      notifyError(t('connections.scanError'));
      return;
    }
    setEditing({ initial: parsed });
    notifySuccess(t('connections.scanFilled'));
  };

  return (
    <Stack>
      <ScannerHostSlot />
      <Title order={2}>{t('connections.title')}</Title>
      <Text size="sm">{t('connections.intro')}</Text>
      <Stack gap="xs" role="list" aria-label={t('connections.title')}>
        {all.map((c) => (
          <ConnectionRow
            key={c.id}
            connection={c}
            label={c.id === DEFAULT_CONNECTION_ID ? t('connections.default') : connectionLabel(c)}
            selected={state.selectedId === c.id}
            testing={testing === c.id}
            onSelect={() => setState({ ...state, selectedId: c.id })}
            onTest={() => void test(c)}
            onEdit={c.id === DEFAULT_CONNECTION_ID ? undefined : () => setEditing({ id: c.id, initial: c })}
            onDelete={c.id === DEFAULT_CONNECTION_ID ? undefined : () => confirmDelete(c)}
          />
        ))}
      </Stack>
      <Stack gap="xs">
        <Button leftSection={<IconPlus size={20} />} variant="light" onClick={() => setEditing({})}>
          {t('connections.add')}
        </Button>
        <Button leftSection={<IconQrcode size={20} />} variant="light" onClick={() => void scan()}>
          {t('connections.scan')}
        </Button>
      </Stack>
      <Anchor component={Link} to={paths.login()}>
        {t('connections.backToLogin')}
      </Anchor>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('connections.edit') : t('connections.add')}
        centered
      >
        {editing && <ConnectionForm initial={editing.initial} onSave={save} onCancel={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
