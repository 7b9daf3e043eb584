import { Select, Switch, TextInput } from '@mantine/core';
import type { ModuleSettings } from '@mde/contracts';

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
      value={value.replace('.', ',')}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
