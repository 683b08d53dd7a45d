import { z } from 'zod';
import { EnvironmentEnv, type EnvironmentSettings, environmentSettings } from './config/environments';
import { IdentityEnv, type IdentitySettings, identitySettings } from './config/identity';
import { JobEnv, type JobSettings, jobSettings } from './config/jobs';
import { ModelEnv, type ModelSettings, modelSettings } from './config/models';
import { ServingEnv, type ServingSettings, servingSettings } from './config/serving';
import { StorageEnv, type StorageSettings, storageSettings } from './config/storage';
import { UsageEnv, type UsageSettings, usageSettings } from './config/usage';

/**
 * Every environment variable Proctor reads, each declared with its area of settings in config/. The README's
 * configuration table lists the same ones; keep the two in step.
 */
const Env = z.object({
  ...ServingEnv.shape,
  ...IdentityEnv.shape,
  ...StorageEnv.shape,
  ...EnvironmentEnv.shape,
  ...JobEnv.shape,
  ...ModelEnv.shape,
  ...UsageEnv.shape,
});

export interface ServerConfig
  extends ServingSettings,
    IdentitySettings,
    StorageSettings,
    EnvironmentSettings,
    JobSettings,
    ModelSettings,
    UsageSettings {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  // Areas in the order their refusals are checked: the first wrong setting is the one reported.
  return {
    ...identitySettings(e),
    ...servingSettings(e),
    ...storageSettings(e),
    ...modelSettings(e),
    ...environmentSettings(e),
    ...jobSettings(e),
    ...usageSettings(e),
  };
}
