/**
 * Web flow and site benchmark (issue 31), one section per file under bench/flows/: act and extract vs bare
 * Playwright, URL patterns over 100k URLs, and the organization's captured requests filtered over many rows on
 * each database. Usage and what each figure means: bench/README.md.
 */
import { actExtractSection } from './flows/actExtract';
import { siteRequestsSection } from './flows/siteRequests';
import { urlPatternsSection } from './flows/urlPatterns';
import { runSections } from './support/section';

await runSections(
  'flows',
  [actExtractSection, urlPatternsSection, siteRequestsSection],
  {
    rounds: { type: 'string', default: '60' },
    urls: { type: 'string', default: '100000' },
    rows: { type: 'string' },
    databases: { type: 'string', default: 'pglite,postgres' },
  },
  30,
);
