import { z } from 'zod';

/** Session status (000 §4.1), in lifecycle order. */
export const SESSION_STATUSES = [
  'created',
  'cancelled',
  'run_queued',
  'run_started',
  'run_setup_completed',
  'run_completed',
  'run_failed',
  'postprocessing_started',
  'postprocessing_completed',
  'postprocessing_failed',
  'scoring_started',
  'scoring_completed',
  'scoring_failed',
] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** Statuses treated as in progress and hidden from annotator lists (000 §4.1). */
export const IN_PROGRESS_SESSION_STATUSES: readonly SessionStatus[] = [
  'run_queued',
  'run_started',
  'run_setup_completed',
  'postprocessing_started',
  'scoring_started',
];

/** Simulator status (001 §4.1); the array order is the list sort order. */
export const SIMULATOR_STATUSES = [
  'ready',
  'tasks_in_progress',
  'data_ready',
  'data_in_progress',
  'environment_ready',
  'environment_in_progress',
  'not_started',
  'requested',
  'out_of_service',
] as const;
export const SimulatorStatus = z.enum(SIMULATOR_STATUSES);
export type SimulatorStatus = z.infer<typeof SimulatorStatus>;

export const SIM_TYPES = ['app', 'docker_app', 'proxy'] as const;
export const SimType = z.enum(SIM_TYPES);
export type SimType = z.infer<typeof SimType>;

export const SCORE_TYPES = [
  'human_in_the_loop',
  'system_scoring',
  'state_mutation_match',
  'api',
  'criteria',
  'offline_exact_state_match',
  'offline_exact_output_match',
  'offline_exact_action_match',
  'offline_step',
  'page_action_sequence',
  'state_mutation',
  'json_schema',
] as const;
export const ScoreType = z.enum(SCORE_TYPES);
export type ScoreType = z.infer<typeof ScoreType>;

export const TEST_CASE_SCORING_TYPES = ['mutations', 'output'] as const;
export const TestCaseScoringType = z.enum(TEST_CASE_SCORING_TYPES);
export type TestCaseScoringType = z.infer<typeof TestCaseScoringType>;

/** Metadata vocabularies (001 §3). */
export const REASONING_LEVELS = {
  level_1: 'Direct Execution',
  level_2: 'Structural Understanding',
  level_3: 'Simple Inference',
  level_4: 'Multi-Hop Logic',
  level_5: 'High-Level Reasoning',
} as const;
export type ReasoningLevel = keyof typeof REASONING_LEVELS;
export const ReasoningLevelSchema = z.enum(
  Object.keys(REASONING_LEVELS) as [ReasoningLevel, ...ReasoningLevel[]],
);

export const SKILLS = [
  'navigation_and_input',
  'extract_and_understand',
  'reasoning_and_control_flow',
] as const;
export const Skill = z.enum(SKILLS);

export const CAPABILITIES = [
  'forms_and_inputs',
  'search_and_extract',
  'navigation_and_structure',
  'feedback_and_overlays',
  'data_displays',
  'auth_and_bot_protection',
  'iframe_and_shadow_dom',
  'error_state_handling',
] as const;
export const Capability = z.enum(CAPABILITIES);

export const AGENT_ARTIFACT_TYPES = ['human', 'dev', 'git_container'] as const;
export const AgentArtifactType = z.enum(AGENT_ARTIFACT_TYPES);

/**
 * Where a test case assigned to an annotator organization stands (000 §2.7). One can need recording and
 * scoring at once; a completed one is only completed.
 */
export const ANNOTATOR_STAGES = [
  'NEEDS_LABELLING',
  'NEEDS_RECORDING',
  'NEEDS_SCORING',
  'REVIEW',
  'COMPLETED',
] as const;
export const DATA_CREATION_STAGES = ['needs_data_creation', 'review', 'completed'] as const;

export const KEEPALIVE_JOB_STATUSES = ['running', 'queued', 'failed', 'cancelled', 'completed'] as const;
export const WEB_FLOW_RUN_STATES = ['pending', 'running', 'completed', 'failed'] as const;
