import type { EndpointBody, endpoints, Simulator, SimulatorStatus } from '@proctor/contracts';
import { simulatorStatusOf } from '@proctor/contracts';

export type UpdateSimulatorBody = EndpointBody<typeof endpoints.updateSimulator>;

export const INVALID_CONFIGURATION = 'Invalid JSON in configuration';

/**
 * The Configuration tab's fields (001 §2.6) as the user edits them. Status and the assigned user are kept in
 * the simulator's config but have their own fields, so the JSON editor shows the rest of the config.
 */
export interface SimulatorDraft {
  name: string;
  description: string;
  url: string;
  imgUrl: string;
  enabled: boolean;
  status: SimulatorStatus;
  /** A user id as the select holds it; '' for nobody. */
  assignedUserId: string;
  jobName: string;
  internalAppPort: string;
  config: string;
}

const OWN_FIELDS = ['status', 'assigned_user_id'] as const;

export function draftFrom(simulator: Simulator): SimulatorDraft {
  const rest = Object.fromEntries(
    Object.entries(simulator.config).filter(([key]) => !(OWN_FIELDS as readonly string[]).includes(key)),
  );
  const assignee = simulator.config.assigned_user_id;
  return {
    name: simulator.name,
    description: simulator.description,
    url: simulator.url ?? '',
    imgUrl: simulator.imgUrl ?? '',
    enabled: simulator.enabled,
    status: simulatorStatusOf(simulator),
    assignedUserId: assignee === null || assignee === undefined ? '' : String(assignee),
    jobName: simulator.jobName ?? '',
    internalAppPort: simulator.internalAppPort === null ? '' : String(simulator.internalAppPort),
    config: JSON.stringify(rest, null, 2),
  };
}

/** Whether anything differs from the loaded values (Save and Cancel are enabled only then). */
export function isChanged(draft: SimulatorDraft, loaded: SimulatorDraft): boolean {
  return (Object.keys(loaded) as Array<keyof SimulatorDraft>).some((key) => draft[key] !== loaded[key]);
}

function parseConfig(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The update call for what changed: only changed fields are sent. The server merges config key by key, so a
 * key removed in the JSON editor is sent as null, which clears it. Null when the JSON is not an object.
 */
export function updateFor(draft: SimulatorDraft, loaded: SimulatorDraft): UpdateSimulatorBody | null {
  const body: UpdateSimulatorBody = {};
  if (draft.name !== loaded.name) body.name = draft.name;
  if (draft.description !== loaded.description) body.description = draft.description;
  if (draft.url !== loaded.url) body.url = blankToNull(draft.url);
  if (draft.imgUrl !== loaded.imgUrl) body.imgUrl = blankToNull(draft.imgUrl);
  if (draft.enabled !== loaded.enabled) body.enabled = draft.enabled;
  if (draft.jobName !== loaded.jobName) body.jobName = blankToNull(draft.jobName);
  if (draft.internalAppPort !== loaded.internalAppPort) body.internalAppPort = draft.internalAppPort.trim();

  const config: Record<string, unknown> = {};
  if (draft.config !== loaded.config) {
    const edited = parseConfig(draft.config);
    const before = parseConfig(loaded.config) ?? {};
    if (!edited) return null;
    for (const key of Object.keys(before)) if (!(key in edited)) config[key] = null;
    Object.assign(config, edited);
  }
  if (draft.status !== loaded.status) config.status = draft.status;
  if (draft.assignedUserId !== loaded.assignedUserId)
    config.assigned_user_id = draft.assignedUserId === '' ? null : Number(draft.assignedUserId);
  if (Object.keys(config).length > 0) body.config = config;
  return body;
}
