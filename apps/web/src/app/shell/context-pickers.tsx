import { Button, Group } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../components/lazy-part';
import { accountsQuery, vkforgsQuery } from '../../session/context-api';
import { isPickable } from '../../session/context-change';
import { canOpenContextEditor } from '../../session/guard-decisions';
import type { PickerProps } from './picker-menu';
import { useContextChange } from './use-context-change';
import { useUser } from './use-user';

const PickerMenu = lazyPart(async () => (await import('./picker-menu')).PickerMenu);
const EditContextDialog = lazyPart(async () => (await import('./edit-context-dialog')).EditContextDialog);

/** One header picker (docs/spec.md §2 dialogs): clickable only with more than one choice (docs/spec.md §6). */
function Picker(props: PickerProps) {
  const { label, current, icon, options } = props;
  // The menu (popover, floating-ui) loads on the first click: most visits never open a picker.
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const pickable = isPickable(options);
  const openFirstTime = () => {
    setWanted(true);
    setOpened(true);
  };
  const button = (
    <Button
      variant="subtle"
      color="white"
      size="compact-md"
      leftSection={icon}
      rightSection={pickable ? <IconChevronDown size={16} /> : null}
      // The name says what the button does and, as on screen, what is chosen now.
      aria-label={`${label}: ${current}`}
      disabled={!pickable}
      styles={{ root: { paddingInline: 4 } }}
      c="white"
      onClick={wanted ? undefined : openFirstTime}
    >
      {current}
    </Button>
  );
  if (!pickable || !wanted) return button;
  return (
    <Suspense fallback={button}>
      <PickerMenu {...props} target={button} opened={opened} onChange={setOpened} />
    </Suspense>
  );
}

/** Account and vkforg pickers in the header (docs/spec.md §2, §4). */
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
      {editing && (
        <Suspense fallback={null}>
          <EditContextDialog opened onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Group>
  );
}
