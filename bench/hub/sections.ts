import type { Section } from '../support/section';
import { cloneSection } from './clone';
import { harSection } from './har';
import { replaySection } from './replay';
import { versionsSection } from './versions';

/** The sections of `npm run bench:hub`, in the order they run and print. Add a section here. */
export const SECTIONS: readonly Section[] = [cloneSection, versionsSection, replaySection, harSection];
