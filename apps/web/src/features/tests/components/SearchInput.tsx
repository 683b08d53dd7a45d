import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@proctor/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** A search box that commits what is typed after the filter debounce (001 §9), and follows outside resets. */
export function SearchInput({
  label,
  placeholder,
  value,
  onCommit,
}: {
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, TIMING.filterDebounceMs);

  // Only a change of what was typed commits; a reset from outside (Clear Filters) is followed below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: committing on value or onCommit changes would undo resets
  useEffect(() => {
    if (debounced !== value) onCommit(debounced);
  }, [debounced]);

  useEffect(() => setText(value), [value]);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={15} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w={240}
    />
  );
}
