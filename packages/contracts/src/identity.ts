import { z } from 'zod';
import { Timestamp } from './common';
import { AUTH } from './constants';
import { OrganizationPermissions, Permissions } from './permissions';

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const RegisterRequest = z.object({
  email: Email,
  password: z
    .string()
    .min(AUTH.passwordMinLength, { error: `Password must be at least ${AUTH.passwordMinLength} characters` })
    .max(AUTH.passwordMaxLength),
  name: z.string().trim().min(1, { error: 'Name is required' }).max(200),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, { error: 'Password is required' }).max(AUTH.passwordMaxLength),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RefreshRequest = z.object({ refresh_token: z.string().min(1) });

export const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** How sign-in works on this server; the SPA's /login page reads it. */
export const AuthConfigResponse = z.object({
  mode: z.enum(['local', 'oidc']),
  /** Where /login sends the browser when mode is oidc. */
  login_url: z.string().nullable(),
  registration_open: z.boolean(),
  /** Where visitors reach the people who run this server (CONTACT_EMAIL); null when not configured. */
  contact_email: z.string().nullable(),
});
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;

export const Plan = z.object({
  allowed_simulators: z.array(z.number().int()),
  /** Environments the organization may run at once, in place of MAX_ENVIRONMENTS_PER_ORGANIZATION. */
  max_environments: z.number().int().min(1).max(1000).optional(),
});
export type Plan = z.infer<typeof Plan>;

export const UserOrganization = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** Null when the key carries permissions this member lacks: holding it would give them more than they have. */
  apiKey: z.string().nullable(),
  isAnnotator: z.boolean(),
  plan: Plan,
  permissions: OrganizationPermissions,
});

export const UserStats = z.object({
  total_sessions: z.number(),
  scored_sessions: z.number(),
  avg_session_time: z.number().nullable(),
  avg_score_time: z.number().nullable(),
  success_rate: z.number().nullable(),
});

/** The signed-in user as the dashboard sees them (000 §3 User). */
export const User = z
  .object({
    id: z.number().int(),
    publicId: z.string(),
    name: z.string(),
    email: z.string(),
    imageUrl: z.string().nullable(),
    organizationId: z.number().int().nullable(),
    organization_id: z.number().int().nullable(),
    organization: UserOrganization.nullable(),
    /** Effective flags: the user's own plus what the organization grants. */
    permissions: Permissions,
    has_beta_access: z.boolean(),
    stats: UserStats,
    updatedAt: Timestamp,
    /** Set while a platform admin views the product as this user. */
    viewAs: z.object({ adminEmail: z.string() }).nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;
