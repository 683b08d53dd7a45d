import { z } from 'zod';
import { RecordIdInUrl } from './common';
import { TestCaseSimulator } from './testCase';
import { TestCaseScoringType } from './vocabulary';

export const DATASET_ICON_HINT = 'You can enter either a valid image URL or an emoji character';

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;

/** An http(s) image URL without spaces or quotes (the same rule as agent icons, 001 §5). */
export function isIconUrl(value: string): boolean {
  return /^https?:\/\/[^\s"'<>`/?#]+([/?#][^\s"'<>`]*)?$/i.test(value);
}

/** A single emoji: one grapheme (flags, keycaps and joined sequences included) that is pictographic. */
export function isEmojiIcon(value: string): boolean {
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  return graphemes.length === 1 && EMOJI.test(value);
}

export const isDatasetIcon = (value: string) => isIconUrl(value) || isEmojiIcon(value);

export const TestCaseSetTestCase = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  startUrl: z.string(),
  prompt: z.string(),
  scoringTypes: z.array(TestCaseScoringType),
  simulator: TestCaseSimulator.nullable(),
});

/** A dataset or benchmark (001 §3 Test case set). Only the test cases the caller can see are listed. */
export const TestCaseSet = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  imgUrl: z.string().nullable(),
  /** null: public. */
  organizationId: z.number().int().nullable(),
  isBenchmark: z.boolean(),
  /** Registered from the built-in simulators at start. */
  builtIn: z.boolean(),
  testCases: z.array(TestCaseSetTestCase),
});
export type TestCaseSet = z.infer<typeof TestCaseSet>;

export const TestCaseSetsResponse = z.object({ testCaseSets: z.array(TestCaseSet) });
export const TestCaseSetResponse = z.object({ testCaseSet: TestCaseSet });

export const CreateTestCaseSetRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(200),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, { error: 'Description is required' })
    .max(5000),
  /** Optional (the benchmark dialog may leave it empty); when given, an image URL or one emoji. */
  icon: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .optional()
    .transform((icon) => icon || null)
    .refine((icon) => icon === null || isDatasetIcon(icon), { error: DATASET_ICON_HINT }),
});
export type CreateTestCaseSetRequest = z.infer<typeof CreateTestCaseSetRequest>;

export const TestCaseSetIdParam = z.object({ id: RecordIdInUrl });
export const TestCaseSetItemParam = z.object({ id: RecordIdInUrl, testCaseId: RecordIdInUrl });
export const AddTestCasesToSetResponse = z.object({
  testCaseSet: TestCaseSet,
  added_count: z.number().int(),
});
