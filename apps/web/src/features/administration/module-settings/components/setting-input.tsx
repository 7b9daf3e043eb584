import { Select, Switch, TextInput } from '@mantine/core';
import type { ModuleSettings } from '@mde/contracts';
import { useMemo } from 'react';
import { selectOnFocus } from '../../../../lib/select-on-focus';

type Setting = ModuleSettings['modules'][number]['settings'][number];

interface Props {
  setting: Setting;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One setting as the input its kind asks for: a switch, a choice, a number. */
export function SettingInput({ setting, value, error, onChange }: Props) {
  const common = { label: setting.label, description: setting.description, error };
  const kind = setting.kind;
  // A number is corrected, not appended to: opened, its old value is selected.
  const selecting = useMemo(selectOnFocus, []);
  if (kind.type === 'boolean')
    return (
      <Switch
        {...common}
        checked={value === 'true'}
        onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')}
      />
    );
  if (kind.type === 'choice')
    return (
      <Select {...common} data={kind.options} value={value} onChange={(v) => v && onChange(v)} allowDeselect={false} />
    );
  return (
    <TextInput
      {...common}
      inputMode="decimal"
      {...selecting}
      value={value.replace('.', ',')}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
