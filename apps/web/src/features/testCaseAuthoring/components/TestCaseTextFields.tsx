import { Checkbox, Group, Textarea, TextInput } from '@mantine/core';
import { SCORING_TYPE_LABELS, TEST_CASE_SCORING_TYPES, TestCaseScoringType } from '@proctor/contracts';
import type { ChangeEvent } from 'react';

type TextField = 'name' | 'startUrl' | 'prompt';

/** What a contract form's `field` gives one text input: its value, change handler and message. */
export type TextFieldBinding = (name: TextField) => {
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * A test case's name, start URL and prompt, bound to a contract form (useContractForm's `field`): the fields
 * every create form shares (New Test Case, the session page's state and output tests, step test cases, the
 * dataset's Create Test Case, where the start URL is required too: 001 §5).
 */
export function TestCaseTextFields({
  field,
  startUrlRequired = false,
}: {
  field: TextFieldBinding;
  startUrlRequired?: boolean;
}) {
  return (
    <>
      <TextInput label="Name" required {...field('name')} />
      <TextInput
        label="Start URL"
        required={startUrlRequired}
        placeholder="/orders"
        description="Where the agent starts, on the simulator's own site (calendar:/events: on another of its apps)"
        {...field('startUrl')}
      />
      <Textarea label="Prompt" required autosize minRows={3} {...field('prompt')} />
    </>
  );
}

/** What a test case is judged on (mutations, output): one checkbox each. */
export function ScoringTypesField({
  value,
  onChange,
  error,
  description,
}: {
  value: TestCaseScoringType[];
  onChange: (types: TestCaseScoringType[]) => void;
  error?: string;
  description?: string;
}) {
  return (
    <Checkbox.Group
      label="Scoring types"
      description={description}
      value={value}
      onChange={(types) => onChange(types.flatMap((type) => TestCaseScoringType.safeParse(type).data ?? []))}
      error={error}
    >
      <Group gap="lg" mt={6}>
        {TEST_CASE_SCORING_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={SCORING_TYPE_LABELS[type]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
