import { AGENT_MESSAGES, CreateAgentArtifactRequest } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { parseForm } from '../../src/components/contractForm';
import {
  AGENT_TYPE_FIELDS,
  AGENT_TYPE_OPTIONS,
  type AgentForm,
  agentRequestOf,
  EMPTY_AGENT_FORM,
} from '../../src/features/agents/agentForm';

const form = (patch: Partial<AgentForm>): AgentForm => ({ ...EMPTY_AGENT_FORM, ...patch });
/** The dialog's check on submit: the contract's schema over the form's request. */
const checkAgentForm = (values: AgentForm) =>
  parseForm(CreateAgentArtifactRequest, values, { request: agentRequestOf });

describe('the Create Agent Artifact form', () => {
  it('should offer the three types by their shown names', () => {
    expect(AGENT_TYPE_OPTIONS).toEqual([
      { value: 'human', label: 'Human' },
      { value: 'dev', label: 'Dev (HTTP endpoint)' },
      { value: 'git_container', label: 'Git container' },
    ]);
    expect(AGENT_TYPE_FIELDS.git_container.map((field) => field.label)).toEqual([
      'Repository URL',
      'Branch',
      'Commit Hash',
    ]);
  });

  it("should require the alias and the dev type's endpoint with the contract's messages", () => {
    expect(checkAgentForm(form({ type: 'dev' }))).toEqual({
      success: false,
      errors: { alias: AGENT_MESSAGES.alias, endpoint: AGENT_MESSAGES.endpoint },
    });
  });

  it('should count a blank field as missing', () => {
    expect(checkAgentForm(form({ type: 'human', alias: '  ', humanName: ' ' }))).toEqual({
      success: false,
      errors: { alias: AGENT_MESSAGES.alias, humanName: AGENT_MESSAGES.humanName },
    });
  });

  it('should require the repository, branch and commit of a git container', () => {
    const check = checkAgentForm(form({ type: 'git_container', alias: 'builder', branch: 'main' }));
    expect(check).toEqual({
      success: false,
      errors: { repoUrl: AGENT_MESSAGES.repoUrl, commitHash: AGENT_MESSAGES.commitHash },
    });
  });

  it('should send trimmed values, leave blank optional fields out, and keep the icon as typed', () => {
    const check = checkAgentForm(
      form({ type: 'dev', alias: ' shopper-v2 ', endpoint: ' http://127.0.0.1:9000/run ', imgUrl: '🛒' }),
    );
    expect(check).toEqual({
      success: true,
      request: { type: 'dev', alias: 'shopper-v2', endpoint: 'http://127.0.0.1:9000/run', imgUrl: '🛒' },
    });
  });

  it("should not send another type's fields typed before switching", () => {
    const switched = form({
      type: 'human',
      alias: 'ana',
      humanName: 'Ana',
      endpoint: 'http://left.over',
      repoUrl: 'https://git.example.com/x.git',
    });
    expect(agentRequestOf(switched)).toMatchObject({ endpoint: undefined, repoUrl: undefined });
    expect(checkAgentForm(switched)).toEqual({
      success: true,
      request: { type: 'human', alias: 'ana', humanName: 'Ana' },
    });
  });
});
