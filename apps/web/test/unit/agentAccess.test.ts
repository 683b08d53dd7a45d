import { describe, expect, it } from 'vitest';
import { mayManageAgents } from '../../src/features/agents/agentAccess';

describe('who may manage agents', () => {
  const user = (
    flags: Partial<Record<'dashboard_access' | 'is_account_admin' | 'is_admin', boolean>>,
    isAnnotator = false,
  ) => ({
    permissions: { dashboard_access: false, is_account_admin: false, is_admin: false, ...flags },
    organization: { isAnnotator },
  });

  it('should let any one of dashboard access, account admin and platform admin add agents', () => {
    expect(mayManageAgents(user({ dashboard_access: true }))).toBe(true);
    expect(mayManageAgents(user({ is_account_admin: true }))).toBe(true);
    expect(mayManageAgents(user({ is_admin: true }))).toBe(true);
    expect(mayManageAgents(user({}))).toBe(false);
  });

  it('should not offer it to annotator organizations, whose calls the server refuses', () => {
    expect(mayManageAgents(user({ dashboard_access: true, is_account_admin: true }, true))).toBe(false);
  });
});
