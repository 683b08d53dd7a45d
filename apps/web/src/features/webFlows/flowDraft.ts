import {
  type ActNode,
  type CreateWebFlowRequest,
  type ElementAtResponse,
  type ExtractField,
  type ExtractFilter,
  type ExtractNode,
  WEB_FLOW_DEFAULT_NAME,
  type WebFlow,
  type WebFlowLocator,
  type WebFlowNode,
  type WebFlowParameter,
} from '@proctor/contracts';

/**
 * The flow the builder edits (002 §2.8, §3): a saved flow, or a new one, which has no id and no created_at until
 * it is saved. Its fields are the create request's, so saving sends them as they are.
 */
export interface FlowDraft {
  id: number | null;
  created_at: string | null;
  name: string;
  description: string;
  start_url: string;
  nodes: WebFlowNode[];
  parameters: WebFlowParameter[];
}

/**
 * A new flow: named 'New Web Flow' (002 §5) until its author gives it another name, starting where the install
 * says new flows start (WEB_FLOW_START_URL), or nowhere yet.
 */
export function newFlowDraft(startUrl: string | null = null): FlowDraft {
  return {
    id: null,
    created_at: null,
    name: WEB_FLOW_DEFAULT_NAME,
    description: '',
    start_url: startUrl ?? '',
    nodes: [],
    parameters: [],
  };
}

export const draftOf = (flow: WebFlow): FlowDraft => ({
  id: flow.id,
  created_at: flow.created_at,
  name: flow.name,
  description: flow.description,
  start_url: flow.start_url,
  nodes: flow.nodes,
  parameters: flow.parameters,
});

/** A flow is new until it has been saved (002 §3: until created_at is set). */
export const isNewFlow = (draft: FlowDraft): boolean => draft.created_at === null;

/**
 * What Save sends: the create request of a new flow, the same fields replacing a saved one's. Its parameters are
 * those the typed text uses (`{{name}}`), keeping what was said about each before.
 */
export function flowRequest(draft: FlowDraft): CreateWebFlowRequest {
  const parameters = parametersUsed(draft.nodes).map(
    (name) =>
      draft.parameters.find((parameter) => parameter.name === name) ?? {
        name,
        type: 'string' as const,
        description: '',
      },
  );
  return {
    name: draft.name,
    description: draft.description,
    start_url: draft.start_url,
    nodes: draft.nodes,
    parameters,
  };
}

/** Whether the draft differs from the flow as it was saved (a new flow always does). */
export function hasUnsavedChanges(draft: FlowDraft, saved: FlowDraft | null): boolean {
  if (saved === null || isNewFlow(draft)) return true;
  return JSON.stringify(flowRequest(draft)) !== JSON.stringify(flowRequest(saved));
}

/** Ids of nodes and fields: unique within the flow (the server refuses duplicates), stable across edits. */
export const newNodeId = (): string => crypto.randomUUID().slice(0, 8);

export const newActNode = (): ActNode => ({
  id: newNodeId(),
  type: 'act',
  description: '',
  actionType: 'click',
  elementHint: '',
  locator: null,
});

export const newExtractField = (): ExtractField => ({
  id: newNodeId(),
  name: '',
  type: 'string',
  isArray: false,
  filters: [],
  subParameters: [],
});

export const newExtractNode = (): ExtractNode => ({
  id: newNodeId(),
  type: 'extract',
  description: '',
  schema: { fields: [newExtractField()] },
});

export const newExtractFilter = (): ExtractFilter => ({
  element: '',
  attribute: '',
  operator: 'exists',
  value: '',
});

/** A field list with `change` applied to the field of this id, at any depth. */
export function updateField(
  fields: ExtractField[],
  fieldId: string,
  change: (field: ExtractField) => ExtractField,
): ExtractField[] {
  return fields.map((field) =>
    field.id === fieldId
      ? change(field)
      : { ...field, subParameters: updateField(field.subParameters, fieldId, change) },
  );
}

/** The draft with one node replaced by `change(node)`. */
export function updateNode(
  draft: FlowDraft,
  nodeId: string,
  change: (node: WebFlowNode) => WebFlowNode,
): FlowDraft {
  return { ...draft, nodes: draft.nodes.map((node) => (node.id === nodeId ? change(node) : node)) };
}

export function removeNode(draft: FlowDraft, nodeId: string): FlowDraft {
  return { ...draft, nodes: draft.nodes.filter((node) => node.id !== nodeId) };
}

/** Moves a node one place up (-1) or down (+1); at either end it stays. */
export function moveNode(draft: FlowDraft, nodeId: string, by: -1 | 1): FlowDraft {
  const from = draft.nodes.findIndex((node) => node.id === nodeId);
  const to = from + by;
  if (from === -1 || to < 0 || to >= draft.nodes.length) return draft;
  const nodes = [...draft.nodes];
  const [moved] = nodes.splice(from, 1);
  nodes.splice(to, 0, moved as WebFlowNode);
  return { ...draft, nodes };
}

/** An act pointed at the element picked in the live view: its recorded locator, and its hint unless one was written. */
export function actWithPickedElement(node: ActNode, element: ElementAtResponse): ActNode {
  return {
    ...node,
    locator: element.locator,
    elementHint: node.elementHint.trim() ? node.elementHint : element.elementHint,
  };
}

/** A run healed an act's locator (a model found the element again) and saved it with the flow: the draft too. */
export function withHealedLocator(draft: FlowDraft, nodeId: string, locator: WebFlowLocator): FlowDraft {
  return updateNode(draft, nodeId, (node) => (node.type === 'act' ? { ...node, locator } : node));
}

/** The parts of a locator that are set, as `role=button name="Search"` for the node list. */
export function locatorLabel(locator: WebFlowLocator | null | undefined): string | null {
  if (!locator) return null;
  const parts = (['role', 'name', 'testId', 'text', 'css'] as const)
    .filter((key) => locator[key])
    .map((key) => (key === 'role' ? `role=${locator.role}` : `${key}=${JSON.stringify(locator[key])}`));
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The `{{name}}` parameters the flow's typed text uses, in order of first use. */
export function parametersUsed(nodes: WebFlowNode[]): string[] {
  const names: string[] = [];
  for (const node of nodes) {
    if (node.type !== 'act' || !node.text) continue;
    for (const match of node.text.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) {
      const name = match[1] as string;
      if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}
