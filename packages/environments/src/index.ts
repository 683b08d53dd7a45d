/**
 * The environment runtime: one Chromium per environment from a warm pool, Proctor's control of its page, and
 * the filtering proxy through which external agents reach it over CDP. See README.md for the isolation rules.
 */
export { PageControl } from './browser/control';
export {
  type BrowserExit,
  DEFAULT_USER_DATA_DIR_PREFIX,
  LaunchedBrowser,
  type LaunchOptions,
  launchBrowser,
} from './browser/launch';
export { ProcessGroupMemory } from './browser/memoryWatch';
export {
  BrowserPool,
  type BrowserPoolOptions,
  type BrowserPoolStats,
  type BrowserWarmUp,
} from './browser/pool';
export { parseStat, pssOfSmapsRollup } from './browser/processGroup';
export {
  CHROMIUM_DISABLED_FEATURES,
  chromiumPath,
  DEFAULT_CHROMIUM_PATH,
  type EnvironmentChromiumArgsOptions,
  environmentChromiumArgs,
  HEADLESS_SHELL_PATH,
  networkChromiumArgs,
  PLAYWRIGHT_CHROMIUM_ARGS,
  preferredChromiumPath,
  SYSTEM_CHROMIUM_PATH,
} from './browser/profile';
export { sweepLeftoverBrowsers } from './browser/sweep';
export {
  CdpConnection,
  CdpError,
  type CdpEventName,
  type CdpEventParams,
  type CdpMethod,
  type CdpParams,
  type CdpResult,
} from './cdp/connection';
export { type DevToolsJsonAnswer, type DevToolsJsonOptions, fetchDevToolsJson } from './cdp/devtoolsJson';
export { type CdpPolicy, isNavigableUrl, judgeCommand, type PolicyDecision } from './cdp/policy';
export { PROXY_CLOSE, type ProxiedClient, type ProxyPolicy, proxyCdpClient } from './cdp/proxy';
export * from './live';
export { type NetworkAuthority, networkAuthority } from './network/authority';
export { EnvironmentNetwork, MAX_REFUSALS_REPORTED } from './network/proxy';
export { refusalPage } from './network/refusalPage';
export { type NetworkRoute, REFUSAL_REASONS, routeOf } from './network/routes';
export type {
  EnvironmentNetworkRules,
  NetworkRequest,
  NetworkResponse,
  RefusedRequest,
} from './network/rules';
export * from './recording';
