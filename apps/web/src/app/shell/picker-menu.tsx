import { Menu } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickerProps {
  label: string;
  current: string;
  icon: ReactNode;
  options: { id: number; label: string }[];
  selectedId: number;
  onPick: (id: number) => void;
  onMore?: () => void;
}

interface PickerMenuProps extends PickerProps {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/** The choices of one header picker; its own chunk, loaded on the picker's first click. */
export function PickerMenu({ label, options, selectedId, onPick, onMore, target, opened, onChange }: PickerMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
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
