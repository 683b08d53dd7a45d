import type { Section } from '../support/section';
import { templateSection } from './template';
import { testRunDumpSection } from './testRunDump';
import { testRunPdfSection } from './testRunPdf';
import { usageSection } from './usage';

/** The sections of `npm run bench:operating`, in the order they run and print. Add a section here. */
export const SECTIONS: readonly Section[] = [
  usageSection,
  templateSection,
  testRunDumpSection,
  testRunPdfSection,
];
