import { endpoints, PAGE_SIZE } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import type { MemberPrincipal } from '../kernel/access/principal';
import { viewerOf } from '../kernel/access/viewer';
import { presentAnnotatorAssignment, presentOrganizationAssignment } from '../presenters/assignments';
import {
  type AssignmentFilter,
  listAnnotatorAssignments,
  listOrganizationAssignments,
} from '../repositories/assignments';
import {
  assignTestCaseToOrganizations,
  createAnnotatorAssignment,
  moveAnnotatorAssignment,
} from '../services/assignments';
import { access, defineRoute } from './route';

/**
 * Platform admins give work to annotator organizations (001 §6: Assign to Annotator, and assigning a
 * simulator, are theirs). An annotator organization sees and moves only its own work; an organization that
 * owns a test case sees who was asked to record it; platform admins see all.
 */
const annotators = access.member({ annotatorOrganization: true });

function assignmentsVisibleTo(principal: MemberPrincipal): AssignmentFilter {
  if (principal.permissions.is_admin) return {};
  return principal.organization.isAnnotator
    ? { assignedTo: principal.organization.id }
    : { testCaseOwnedBy: principal.organization.id };
}

export function assignmentRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    endpoints.assignTestCaseToOrganizations,
    access.admin,
    async ({ app: ctx, principal, params, body }) => {
      const testCaseId = await assignTestCaseToOrganizations(ctx.db, viewerOf(principal), params.id, body);
      const rows = await listOrganizationAssignments(ctx.db, { testCaseId }, PAGE_SIZE.simulatorTestCases);
      return { assignments: rows.map(presentOrganizationAssignment) };
    },
  );

  defineRoute(
    app,
    endpoints.organizationAssignments,
    access.member(),
    async ({ app: ctx, principal, query }) => {
      const filter = {
        ...assignmentsVisibleTo(principal),
        simulatorId: query.simulator_id,
        testCaseId: query.test_case_id,
      };
      const rows = await listOrganizationAssignments(
        ctx.db,
        filter,
        query.page_size,
        principal.user?.id ?? null,
      );
      return { assignments: rows.map(presentOrganizationAssignment) };
    },
  );

  defineRoute(app, endpoints.annotatorAssignments, annotators, async ({ app: ctx, principal, query }) => {
    const rows = await listAnnotatorAssignments(ctx.db, principal.organization.id, query.assignment_type);
    return { assignments: rows.map(presentAnnotatorAssignment) };
  });

  defineRoute(app, endpoints.createAnnotatorAssignment, access.admin, async ({ app: ctx, body }) => ({
    assignment: presentAnnotatorAssignment(await createAnnotatorAssignment(ctx.db, body)),
  }));

  defineRoute(
    app,
    endpoints.annotatorAssignmentStage,
    annotators,
    async ({ app: ctx, principal, params, body }) => ({
      assignment: presentAnnotatorAssignment(
        await moveAnnotatorAssignment(ctx.db, principal.organization.id, params.id, body.stage),
      ),
    }),
  );
}
