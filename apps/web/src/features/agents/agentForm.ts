import {
  AGENT_ARTIFACT_TYPES,
  type AgentArtifact,
  type EndpointBody,
  type endpoints,
} from '@proctor/contracts';

/**
 * The Create Agent Artifact dialog's form (001 §3 creation payload, §5 Agent artifact form): what it holds,
 * which fields each type adds, and the request it stands for, which the dialog checks with the contract's
 * CreateAgentArtifactRequest so the dialog and the server say the same messages.
 */

export type AgentType = (typeof AGENT_ARTIFACT_TYPES)[number];

/** Every listed type's label: the types an agent may be made with, and the agents Proctor ships. */
export const AGENT_TYPE_LABELS: Record<AgentArtifact['data']['type'], string> = {
  human: 'Human',
  dev: 'Dev (HTTP endpoint)',
  git_container: 'Git container',
  builtin: 'Built-in',
};

export const AGENT_TYPE_OPTIONS = AGENT_ARTIFACT_TYPES.map((type) => ({
  value: type,
  label: AGENT_TYPE_LABELS[type],
}));

export const AGENT_ICON_HINT = 'An image URL, or one emoji';

export interface AgentForm {
  type: AgentType;
  alias: string;
  description: string;
  /** The icon: an http(s) image URL, or an emoji that the server renders into the agent's picture. */
  imgUrl: string;
  humanName: string;
  endpoint: string;
  repoUrl: string;
  branch: string;
  commitHash: string;
}

/** The fields that belong to one type of agent. */
export const AGENT_TYPE_FIELD_NAMES = ['humanName', 'endpoint', 'repoUrl', 'branch', 'commitHash'] as const;
export type AgentTypeField = (typeof AGENT_TYPE_FIELD_NAMES)[number];

export const AGENT_TYPE_FIELDS: Record<
  AgentType,
  ReadonlyArray<{ name: AgentTypeField; label: string; placeholder?: string }>
> = {
  human: [{ name: 'humanName', label: 'Human Name' }],
  dev: [{ name: 'endpoint', label: 'Endpoint', placeholder: 'https://agent.example.com/run' }],
  git_container: [
    { name: 'repoUrl', label: 'Repository URL', placeholder: 'https://github.com/acme/agent.git' },
    { name: 'branch', label: 'Branch', placeholder: 'main' },
    { name: 'commitHash', label: 'Commit Hash' },
  ],
};

/**
 * A new form. The type starts as Dev, the agent an outside developer registers most: every type is one
 * choice away, and a type is therefore always chosen.
 */
export const EMPTY_AGENT_FORM: AgentForm = {
  type: 'dev',
  alias: '',
  description: '',
  imgUrl: '',
  humanName: '',
  endpoint: '',
  repoUrl: '',
  branch: '',
  commitHash: '',
};

export type CreateAgentArtifactBody = EndpointBody<typeof endpoints.createAgentArtifact>;

/**
 * The creation payload of a form: the common fields and only the chosen type's own, so what was typed under
 * another type before switching is not sent.
 */
export function agentRequestOf(form: AgentForm): CreateAgentArtifactBody {
  const own = new Set<AgentTypeField>(AGENT_TYPE_FIELDS[form.type].map((field) => field.name));
  const typeField = (name: AgentTypeField) => (own.has(name) ? form[name] : undefined);
  return {
    type: form.type,
    alias: form.alias,
    description: form.description,
    imgUrl: form.imgUrl,
    humanName: typeField('humanName'),
    endpoint: typeField('endpoint'),
    repoUrl: typeField('repoUrl'),
    branch: typeField('branch'),
    commitHash: typeField('commitHash'),
  };
}
