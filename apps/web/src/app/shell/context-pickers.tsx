import { Button, Group, Menu } from '@mantine/core';
import { IconAdjustments, IconBuildingStore, IconChevronDown, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery, vkforgsQuery } from '../../lib/session/context-api';
import { isPickable } from '../../lib/session/context-change';
import { canOpenContextEditor } from '../../lib/session/guard-decisions';
import { EditContextDialog } from './edit-context-dialog';
import { useContextChange } from './use-context-change';
import { useUser } from './use-user';

interface PickerProps {
  label: string;
  current: string;
  icon: React.ReactNode;
  options: { id: number; label: string }[];
  selectedId: number;
  onPick: (id: number) => void;
  onMore?: () => void;
}

/** One header picker (spec §2 dialogs): clickable only with more than one choice (spec §6). */
function Picker({ label, current, icon, options, selectedId, onPick, onMore }: PickerProps) {
  const { t } = useTranslation('shell');
  const button = (
    <Button
      variant="subtle"
      color="white"
      size="compact-md"
      leftSection={icon}
      rightSection={isPickable(options) ? <IconChevronDown size={16} /> : null}
      aria-label={label}
      disabled={!isPickable(options)}
      styles={{
        root: { maxWidth: 'min(27vw, 170px)', paddingInline: 4 },
        label: { overflow: 'hidden', textOverflow: 'ellipsis' },
      }}
      c="white"
    >
      {current}
    </Button>
  );
  if (!isPickable(options)) return button;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown aria-label={label}>
        {options.map((o) => (
          <Menu.Item key={o.id} onClick={() => onPick(o.id)} fw={o.id === selectedId ? 700 : undefined}>
            {o.label}
          </Menu.Item>
        ))}
        {onMore && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconAdjustments size={18} />} onClick={onMore}>
              {t('context.moreSettings')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Account and vkforg pickers in the header (spec §2, §4). */
export function ContextPickers() {
  const { t } = useTranslation('shell');
  const user = useUser();
  const accounts = useQuery(accountsQuery());
  const vkforgs = useQuery(vkforgsQuery());
  const { change } = useContextChange();
  const [editing, setEditing] = useState(false);
  const onMore = canOpenContextEditor(user) ? () => setEditing(true) : undefined;
  const account = accounts.data?.find((a) => a.id === user.accountid);
  const vkforg = vkforgs.data?.find((v) => v.id === user.vkforgid);

  return (
    <Group gap={4} wrap="nowrap">
      <Picker
        label={t('context.chooseAccount')}
        current={account ? account.number : '…'}
        icon={<IconUser size={18} />}
        options={(accounts.data ?? []).map((a) => ({ id: a.id, label: `${a.number} – ${a.name}` }))}
        selectedId={user.accountid}
        onPick={(accountid) => change({ accountid })}
        onMore={onMore}
      />
      <Picker
        label={t('context.chooseVkforg')}
        current={vkforg ? vkforg.kurzbezeichnung : '…'}
        icon={<IconBuildingStore size={18} />}
        options={(vkforgs.data ?? []).map((v) => ({ id: v.id, label: `${v.vkforg} – ${v.kurzbezeichnung}` }))}
        selectedId={user.vkforgid}
        onPick={(vkforgid) => change({ vkforgid })}
        onMore={onMore}
      />
      <EditContextDialog opened={editing} onClose={() => setEditing(false)} />
    </Group>
  );
}
