import { Checkbox, MultiSelect, Radio, Select, SimpleGrid } from '@mantine/core';

/** Up to this many choices show as checkboxes, all in sight; more as a list to search. */
const AS_CHECKBOXES = 8;

interface ChoiceListProps {
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/**
 * A user's stores or accounts. A store manager gives a few: checkboxes, finished by taps at 360 px with no list
 * that opens over the next fields or off screen. Many choices (a head office) keep the searchable list.
 */
export function ChoiceList({ label, placeholder, options, value, onChange, error }: ChoiceListProps) {
  if (options.length > AS_CHECKBOXES)
    return (
      <MultiSelect
        label={label}
        placeholder={placeholder}
        data={options}
        value={value}
        onChange={onChange}
        error={error}
        searchable
      />
    );
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={1} spacing="xs" mt="xs">
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

interface DefaultChoiceProps {
  label: string;
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** The default among the chosen stores or accounts: radio buttons for a few (one is picked by itself), else a list. */
export function DefaultChoice({ label, options, value, onChange, error }: DefaultChoiceProps) {
  if (options.length > AS_CHECKBOXES)
    return <Select label={label} data={options} value={value} onChange={onChange} error={error} searchable />;
  return (
    <Radio.Group label={label} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={1} spacing="xs" mt="xs">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
