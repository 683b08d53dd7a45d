import { formatDuration, type HubBuildStatus, NO_FIGURE } from '@proctor/contracts';

/** How often a list or a log with a build still going is read again, until none is. */
export const BUILD_POLL_MS = 3000;

/** Each build status as people read it, and its colour: proven green, failed red, building blue. */
export const BUILD_STATUS: Record<HubBuildStatus, { label: string; color: string }> = {
  building: { label: 'Building', color: 'blue' },
  proven: { label: 'Proven', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function isBuilding(build: { status: HubBuildStatus } | undefined): boolean {
  return build?.status === 'building';
}

/** How long an ended build took ("1m 5s"); a dash while it is still building. */
export function buildDuration(build: { created_at: string; ended_at: string | null }): string {
  if (build.ended_at === null) return NO_FIGURE;
  const seconds = (Date.parse(build.ended_at) - Date.parse(build.created_at)) / 1000;
  return Number.isFinite(seconds) ? formatDuration(Math.max(0, seconds)) : NO_FIGURE;
}
