import type { Section } from '../support/section';
import { harSection } from './har';

/** The sections of `npm run bench:hub`, in the order they run and print. Add a section here. */
export const SECTIONS: readonly Section[] = [harSection];
