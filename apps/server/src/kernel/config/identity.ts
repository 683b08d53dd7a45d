import { z } from 'zod';

/** Who may sign in and how: Proctor's own sessions, open registration, an OpenID Connect provider. */
export const IdentityEnv = z.object({
  JWT_SECRET: z.string().min(32).optional(),
  REGISTRATION_OPEN: z.enum(['true', 'false']).default('true'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  audience: string | undefined;
}

export interface IdentitySettings {
  jwtSecret: string | undefined;
  registrationOpen: boolean;
  oidc: OidcConfig | undefined;
}

export function identitySettings(e: z.infer<typeof IdentityEnv>): IdentitySettings {
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID)
    throw new Error('Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID');
  return {
    jwtSecret: e.JWT_SECRET,
    registrationOpen: e.REGISTRATION_OPEN === 'true',
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID as string,
          clientSecret: e.OIDC_CLIENT_SECRET,
          audience: e.OIDC_AUDIENCE,
        }
      : undefined,
  };
}
