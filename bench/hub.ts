/**
 * Hub benchmark: the hub, proxy simulators and HAR import (issue 28's goals), one section per file under
 * bench/hub/ (listed in bench/hub/sections.ts). Usage and what each figure means: bench/README.md.
 */
import { SECTIONS } from './hub/sections';
import { runSections } from './support/section';

await runSections('hub', SECTIONS);
