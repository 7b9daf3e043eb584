import { Button, Modal, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery, firmasQuery, vkforgsQuery } from '../../session/context-api';
import { useContextChange } from './use-context-change';
import { useUser } from './use-user';

/** docs/spec.md §2 dialogs: account, vkforg and firma at once, with a save button. */
export function EditContextDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const user = useUser();
  const accounts = useQuery({ ...accountsQuery(), enabled: opened });
  const vkforgs = useQuery({ ...vkforgsQuery(), enabled: opened });
  const firmas = useQuery({ ...firmasQuery(), enabled: opened });
  const { change, pending } = useContextChange();
  const [accountid, setAccountid] = useState(String(user.accountid));
  const [vkforgid, setVkforgid] = useState(String(user.vkforgid));
  const [firmaid, setFirmaid] = useState(String(user.firmaid));
  useEffect(() => {
    if (!opened) return;
    setAccountid(String(user.accountid));
    setVkforgid(String(user.vkforgid));
    setFirmaid(String(user.firmaid));
  }, [opened, user]);

  const save = () => {
    change({ accountid: Number(accountid), vkforgid: Number(vkforgid), firmaid: Number(firmaid) });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('shell:context.editTitle')} centered>
      <Stack>
        <Select
          label={t('shell:context.account')}
          value={accountid}
          onChange={(v) => v && setAccountid(v)}
          data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.number} – ${a.name}` }))}
        />
        <Select
          label={t('shell:context.vkforg')}
          value={vkforgid}
          onChange={(v) => v && setVkforgid(v)}
          data={(vkforgs.data ?? []).map((v) => ({ value: String(v.id), label: `${v.vkforg} – ${v.kurzbezeichnung}` }))}
        />
        <Select
          label={t('shell:context.firma')}
          value={firmaid}
          onChange={(v) => v && setFirmaid(v)}
          data={(firmas.data ?? []).map((f) => ({ value: String(f.id), label: f.kurzbezeichnung }))}
        />
        <Button onClick={save} loading={pending}>
          {t('common:save')}
        </Button>
      </Stack>
    </Modal>
  );
}
