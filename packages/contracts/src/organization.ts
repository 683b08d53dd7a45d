import { z } from 'zod';
import { RecordId, RecordIdInUrl, Timestamp } from './common';
import { Plan, UserStats } from './identity';
import { OrganizationPermissions, Permissions } from './permissions';

export const CreateOrganizationRequest = z.object({
  name: z.string().trim().min(1, { error: 'Company name is required' }).max(200),
  purpose: z.string().trim().min(1, { error: 'Purpose is required' }).max(2000),
});
export type CreateOrganizationRequest = z.infer<typeof CreateOrganizationRequest>;

export const MemberRole = z.enum(['Admin', 'Member']);
export const Member = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  role: MemberRole,
});
export type Member = z.infer<typeof Member>;
export const MembersResponse = z.object({ members: z.array(Member) });

export const OrganizationUser = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  is_account_admin: z.boolean(),
  stats: UserStats,
  lastActiveAt: Timestamp.nullable(),
});
export const OrganizationUsersResponse = z.object({ users: z.array(OrganizationUser) });

export const InviteCreateResponse = z.object({
  invite_token: z.string(),
  /** Path of the join link; the SPA prefixes its own origin. */
  invite_path: z.string(),
  expires_at: Timestamp,
});
export const InviteInfoResponse = z.object({
  organization_name: z.string(),
  organization_public_id: z.string(),
  expired: z.boolean(),
  expires_at: Timestamp,
});
export const JoinResponse = z.object({ organization_name: z.string(), organization_id: z.number().int() });
export const InviteCodeParam = z.object({ code: z.string().min(1).max(200) });

export const ContactFormRequest = z.object({
  message: z.string().trim().min(1, { error: 'Message is required' }).max(10_000),
});
export const ContactFormResponse = z.object({ id: z.number().int(), message: z.string() });
export const ContactMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: Timestamp,
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export const ContactMessagesResponse = z.object({ messages: z.array(ContactMessage) });

export const AssignableUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
});
export const AssignableUsersResponse = z.object({ users: z.array(AssignableUser) });

/** Admin screen (002 §2.3). `permissions` here are the user's own flags, not the effective ones. */
export const AdminUser = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  email: z.string(),
  organizationId: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  permissions: Permissions,
  has_beta_access: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUsersResponse = z.object({ users: z.array(AdminUser) });

export const AdminOrganization = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  isAnnotator: z.boolean(),
  user_count: z.number().int(),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  plan: Plan,
  permissions: OrganizationPermissions,
  is_assigned_to_test_case: z.boolean(),
});
export type AdminOrganization = z.infer<typeof AdminOrganization>;
export const AdminOrganizationsResponse = z.object({ organizations: z.array(AdminOrganization) });
export const AdminOrganizationsQuery = z.object({
  test_case_id: RecordIdInUrl.optional(),
});

export const UpdateUserRequest = z
  .object({
    permissions: Permissions.partial().optional(),
    organization_id: RecordId.nullable().optional(),
    has_beta_access: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update' });

export const UpdateOrganizationRequest = z
  .object({
    /**
     * Stored as JSON, but each id reaches the database in the members' simulator filter, so it must be a
     * record id. (Plan itself, the answer's shape, stays as lenient as plans already stored.)
     */
    plan: Plan.extend({ allowed_simulators: z.array(RecordId) }).optional(),
    permissions: OrganizationPermissions.partial().optional(),
    isAnnotator: z.boolean().optional(),
    name: z.string().trim().min(1).max(200).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update' });

export const ViewAsRequest = z.object({ email: z.string().trim().toLowerCase().min(1) });
export const ViewAsResponse = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
