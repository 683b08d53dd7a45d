import { ROUTES } from '../paths';

/**
 * Areas of the route map (000 §2.1, 002 §2.1) that are not built yet. Each renders the shared
 * "not available yet" panel inside the dashboard; when an area ships, its route moves to routes.tsx.
 */
export const PROTECTED_AREAS_NOT_BUILT: ReadonlyArray<{ path: string; title: string }> = [];

/** Always-available areas not built yet (signed in or not). */
export const OPEN_AREAS_NOT_BUILT: ReadonlyArray<{ path: string; title: string }> = [];
