/**
 * Areas of the route map (000 §2.1, 002 §2.1) that are not built yet. Each renders the shared
 * "not available yet" panel inside the dashboard; when an area ships, its route moves to routes.tsx.
 */
export const PROTECTED_AREAS_NOT_BUILT: ReadonlyArray<{ path: string; title: string }> = [
  { path: '/usage-old', title: 'Usage (previous version)' },
  { path: '/usage', title: 'Usage' },
  { path: '/web-flow-runs', title: 'Web Flow Runs' },
  { path: '/site-requests', title: 'Site Requests' },
  { path: '/sites', title: 'Sites' },
  { path: '/site-endpoints', title: 'Site Endpoints' },
  { path: '/simulators/:simulatorName/editor', title: 'Simulator editor' },
  { path: '/test', title: 'Test' },
  { path: '/apps', title: 'Apps' },
  { path: '/admin', title: 'Admin' },
  { path: '/hub', title: 'Hub' },
  { path: '/data-creation', title: 'Data Creation' },
  { path: '/annotator-tests', title: 'Annotator Tests' },
  { path: '/annotator-admin', title: 'Annotator Admin' },
  { path: '/annotator-admin/user/:userPublicId', title: 'Annotator activity' },
  { path: '/builder', title: 'Builder' },
  { path: '/viewer', title: 'Viewer' },
  { path: '/trainer', title: 'Trainer' },
  { path: '/offline', title: 'Offline sessions' },
  { path: '/human-recording-2', title: 'Tasks 2.0' },
  { path: '/demo', title: 'Demo' },
  { path: '/web-editor', title: 'Web Editor' },
  { path: '/request-template-builder', title: 'Request Template Builder' },
  { path: '/upload-har', title: 'Upload HAR' },
  { path: '/needs-labelling/label/:publicId', title: 'Labelling' },
];

/** Always-available areas not built yet (signed in or not). */
export const OPEN_AREAS_NOT_BUILT: ReadonlyArray<{ path: string; title: string }> = [];
