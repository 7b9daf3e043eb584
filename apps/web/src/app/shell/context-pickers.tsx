import { Button, Group, Text } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconCloudOff, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../components/lazy-part';
import { useOnline } from '../../lib/online';
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
      // Not pickable (one choice, or none known while offline) it still names the context: white on the
      // header's blue like the others, not Mantine's grey disabled ground (white on light grey, about 1.2:1).
      styles={{
        root: pickable ? { paddingInline: 4 } : { paddingInline: 4, background: 'transparent', cursor: 'default' },
      }}
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
  const online = useOnline();

  return (
    // Wraps at 360 px: offline, the word „Offline“ goes to a line of its own rather than squeeze the pickers.
    <Group gap={4} wrap="wrap">
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
      {!online && (
        // Said in words, not only by the pickers' state: the context cannot change until the network is back.
        <Group gap={4} wrap="nowrap" role="status" data-testid="offline-state">
          <IconCloudOff size={18} aria-hidden />
          <Text size="sm" fw={700} c="white">
            {t('context.offline')}
          </Text>
        </Group>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditContextDialog opened onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Group>
  );
}
