/**
 * The simulator kit (ARCHITECTURE.md §3.1): define a simulator, run instances of it on their own origins,
 * read their mutations, score them. Simulators in ./apps import from here, not from ./index: the index also
 * exports the registry of those simulators, and importing it from one of them would be an import cycle.
 */

// The mutation matcher and output checks live in @proctor/scoring; the kit re-exports what simulators,
// their tests and the server's evaluate endpoint use.
export type {
  ExpectedMutation,
  JsonObject,
  JsonScalar,
  JsonValue,
  MissingMutation,
  Mutation,
  MutationAction,
  MutationMatchResult,
  NetMutation,
  OutputCheck,
  Row,
  SimulatorConfig,
} from '@proctor/scoring';
export {
  canonicalJson,
  checkOutput,
  describeMutationMatch,
  EMPTY_SIMULATOR_CONFIG,
  filterMutations,
  jsonEqual,
  MUTATION_ACTIONS,
  matchMutations,
  mutationMatches,
  mutationsSatisfy,
  netMutations,
  outputSchemaErrors,
} from '@proctor/scoring';
export type {
  Access,
  AppBuilder,
  AuthSettings,
  Handler,
  RouteOptions,
  SeedContext,
  SimulatorDefinition,
  SimulatorInput,
} from './definition';
export { defineSimulator, NONDETERMINISTIC_SQL, simulatorImageDataUrl } from './definition';
export type {
  CrossAppTestCaseRegistration,
  SimulatorRegistration,
  TestCaseRegistration,
  VocabularyCoverage,
} from './registration';
export { toCrossAppRegistration, toRegistration, vocabularyCoverage } from './registration';
export type { ClockSettings, ClockState } from './runtime/clock';
export { DEFAULT_CLOCK_STEP_MS, SimulatorClock } from './runtime/clock';
export type { InstanceBackup, InstanceOptions } from './runtime/instance';
export { SimulatorInstance } from './runtime/instance';
export type { PreparedSimulator } from './runtime/prepare';
export { prepareSimulator } from './runtime/prepare';
export type { RngState } from './runtime/random';
export { Rng } from './runtime/random';
export type { SqliteDatabase, TableInfo } from './runtime/storage';
export { MUTATION_LOG_TABLE } from './runtime/storage';
export type {
  CrossAppSolution,
  CrossAppSolveContext,
  CrossAppTestCaseDefinition,
} from './testing/crossAppTestCase';
export {
  appContext,
  crossAppContext,
  crossAppTestCaseProblems,
  MAX_CROSS_APP_SIMULATORS,
  simulatorOfOrigin,
} from './testing/crossAppTestCase';
export type { TestCaseEvaluation } from './testing/evaluate';
export { evaluateTestCase } from './testing/evaluate';
export { followLink, signInStep, tableCells } from './testing/steps';
export type {
  Capability,
  Skill,
  Solution,
  SolveContext,
  TestCaseDefinition,
  TestCaseMetadata,
} from './testing/testCase';
export { testCaseProblems } from './testing/testCase';
export type { ContextSimulator, Layout } from './web/context';
export { isLocalPath, RequestContext } from './web/context';
export type { FormatOptions } from './web/format';
export {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatMonth,
  formatRelative,
  formatShortDate,
  formatTime,
  formatWeekdayDate,
  initials,
  MONTH_NAMES,
  WEEKDAY_NAMES,
} from './web/format';
export type { Field, FieldResult, FieldValue, FormResult, FormSchema } from './web/forms';
export { fieldError, fields, formSchema, humanize } from './web/forms';
export type { CreateInstanceOptions, SimulatorHostOptions } from './web/host';
export { MAX_REQUEST_BODY_BYTES, SimulatorHost } from './web/host';
export type { HtmlValue } from './web/html';
export { classNames, escapeHtml, html, jsonScript, raw, SafeHtml } from './web/html';
export { type AppHeadOptions, appHead, kitHead, toasts } from './web/layoutParts';
export type { SimulatorRequest } from './web/pipeline';
export { HttpError } from './web/pipeline';
export type { PageOptions, SimulatorResponse } from './web/response';
export type { Flash, FlashKind } from './web/sessions';
export type { SignInErrors, SignInForm, SignInOptions, SignInView } from './web/signIn';
export { signInForm, signInRoutes } from './web/signIn';
