/**
 * Operating benchmark: what running an install costs the people who operate it, one section per file under
 * bench/operating/ (listed in bench/operating/sections.ts). Usage and what each figure means: bench/README.md.
 */
import { SECTIONS } from './operating/sections';
import { runSections } from './support/section';

await runSections('operating', SECTIONS);
