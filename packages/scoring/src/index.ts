/**
 * @proctor/scoring: how Proctor judges a session. Pure: no I/O of its own; the types that reach outside (an
 * LLM judge, an API scorer) use the services their caller lends them. See README.md.
 */

// The mutation log's entities are defined once, in the contracts. SimulatorConfig and EMPTY_SIMULATOR_CONFIG
// are this package's older names for the ignore rules, still imported by apps/server and the simulator kit
// (not the contracts' SimulatorConfig, which is a simulator's whole config object).
export type {
  DifferentialMutation,
  Mutation,
  MutationAction,
  MutationIgnoreRules,
  MutationIgnoreRules as SimulatorConfig,
  MutationRow as Row,
} from '@proctor/contracts';
export {
  EMPTY_MUTATION_IGNORE_RULES,
  EMPTY_MUTATION_IGNORE_RULES as EMPTY_SIMULATOR_CONFIG,
  MUTATION_ACTIONS,
} from '@proctor/contracts';
export {
  actionMatches,
  comparableActions,
  DEFAULT_IGNORED_ACTION_TYPES,
  describeAction,
  describeExpectedAction,
  ExpectedAction,
  pathOf,
  sameAction,
} from './actions';
export type { SessionClassification } from './classification';
export { classifySession } from './classification';
export type { HumanResults } from './consensus';
export { HUMAN_CONSENSUS_VALUES, humanAssessments, humanResults } from './consensus';
export {
  AUTO_FAILED_NO_MUTATIONS,
  CONSENSUS_SUPERMAJORITY,
  CRITERIA_DEFAULT_THRESHOLD,
  HUMAN_REVIEW_THRESHOLD,
  INSUFFICIENT_ASSESSMENTS_MESSAGE,
  OFFLINE_STEP_DEFAULTS,
  OUTPUT_MESSAGES,
} from './constants';
export type { ScoreTypeDefinition } from './definition';
export { configBase, defineScoreType } from './definition';
export type { JsonObject, JsonScalar, JsonValue } from './json';
export { canonicalJson, jsonEqual } from './json';
export { appOf, filterMutationsByApp, mutationsByApp, OWN_APP } from './mutations/apps';
export { ALL_TABLES, filterMutations } from './mutations/filter';
export type { GeneratedExpectations, GenerationFilters, GenerationSession } from './mutations/generate';
export {
  GenerationError,
  generateExpectedMutations,
  generateExpectedMutationsByApp,
  NO_CORRECT_SESSIONS,
  netMutationsByApp,
} from './mutations/generate';
export type { ExpectedMutation, MissingMutation, MutationMatchResult, NetMutation } from './mutations/match';
export {
  describeMutationMatch,
  matchMutations,
  mutationMatches,
  mutationsSatisfy,
  netMutations,
} from './mutations/match';
export type { OutputCheck } from './output';
export { checkOutput, compileOutputSchema, outputSchemaErrors, outputSchemaViolations } from './output';
export type { ScoreRecordLike } from './records';
export { chronological, combinedVerdict, NON_AUTOMATIC_SCORE_TYPES } from './records';
export type { ImplementedScoreType } from './registry';
export {
  runScoreType,
  SCORE_TYPE_DEFINITIONS,
  scoreSession,
  scoreTypeDefinition,
  scoreWith,
} from './registry';
export type {
  ChatCompletionRequest,
  ChatContentPart,
  ChatMessage,
  FinalPageState,
  HumanAssessment,
  JsonResponse,
  NotApplicable,
  ScoreOutcome,
  ScoringErrorKind,
  ScoringInput,
  ScoringServices,
} from './result';
export {
  ActionDiff,
  CriterionScore,
  MUTATION_DIFF_TYPES,
  MutationDiff,
  MutationDiffType,
  notApplicable,
  SCORING_ERROR_KINDS,
  ScoreResult,
  ScoringError,
  StateDiff,
} from './result';
export {
  decomposableSteps,
  decomposeTrajectory,
  parseSubtaskAnswer,
  SUBTASK_MODEL_ACTION_LIMIT,
  submissionOf,
  subtaskPrompt,
  subtasksByRule,
} from './subtasks';
export { ApiConfig, ApiVerdict, apiScorerPayload } from './types/api';
export { CriteriaConfig, criteriaPrompt, NO_LANGUAGE_MODEL, parseJudgeAnswer } from './types/criteria';
export { HumanInTheLoopConfig, needsHumanReview } from './types/humanInTheLoop';
export { JsonSchemaConfig } from './types/jsonSchema';
export { OfflineExactActionMatchConfig } from './types/offlineExactActionMatch';
export { OfflineExactOutputMatchConfig } from './types/offlineExactOutputMatch';
export { OfflineExactStateMatchConfig } from './types/offlineExactStateMatch';
export { OfflineStepConfig } from './types/offlineStep';
export { matchInOrder, PageActionSequenceConfig } from './types/pageActionSequence';
export { ExpectedMutationSchema, StateMutationMatchConfig } from './types/stateMutationMatch';
export { SystemScoringConfig } from './types/systemScoring';
