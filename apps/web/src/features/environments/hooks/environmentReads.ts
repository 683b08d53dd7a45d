import { endpoints } from '@proctor/contracts';

/** What a change to an environment (reset, close) makes stale: the keepalive list and environments' state. */
export const ENVIRONMENT_READS = [endpoints.keepaliveJobs, endpoints.environmentState];
