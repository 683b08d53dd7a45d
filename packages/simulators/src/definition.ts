import type { SimulatorConfig } from '@proctor/scoring';
import type { ClockSettings } from './runtime/clock';
import type { Rng } from './runtime/random';
import type { SqliteDatabase } from './runtime/storage';
import type { TestCaseDefinition } from './testing/testCase';
import type { Layout, RequestContext } from './web/context';
import type { SimulatorResponse } from './web/response';
import type { HttpMethod } from './web/router';

export interface SeedContext {
  /** The empty database with the simulator's schema. Seed rows are not logged as mutations. */
  db: SqliteDatabase;
  /** A stream seeded from the simulator's `randomSeed`: the same rows on every machine. */
  rng: Rng;
  /** The clock's start instant: date seed rows in the past of it. */
  now: Date;
}

/** Who may open a route: anyone, or only a signed-in visitor (others are sent to the sign-in page). */
export type Access = 'public' | 'signed-in';

export interface RouteOptions {
  access?: Access;
}

export type Handler = (ctx: RequestContext) => SimulatorResponse | Promise<SimulatorResponse>;

export interface AppBuilder {
  get(path: string, handler: Handler, options?: RouteOptions): void;
  post(path: string, handler: Handler, options?: RouteOptions): void;
  put(path: string, handler: Handler, options?: RouteOptions): void;
  patch(path: string, handler: Handler, options?: RouteOptions): void;
  delete(path: string, handler: Handler, options?: RouteOptions): void;
}

export interface RouteEntry {
  method: HttpMethod;
  pattern: string;
  handler: Handler;
  access: Access;
}

export interface AuthSettings {
  /** The account a human or an agent signs in with (shown in the platform's Getting Started panel). */
  user: string;
  password: string;
  /** The app's sign-in page; signed-out visitors of protected routes are sent here with ?next=. */
  signInPath: string;
  /** Access of routes that do not say; 'signed-in' unless said. The sign-in page itself is always public. */
  defaultAccess?: Access;
}

export interface SimulatorDefinition {
  /** Lowercase, used in the origin: <instance>.<name>.localhost. */
  name: string;
  title: string;
  description: string;
  /** Inline SVG markup of the simulator's icon. No external URLs: the platform serves it as it is. */
  image: string;
  /** Bumped by the author when the schema, seed or behaviour changes; recorded at registration. */
  version: string;
  notes: string;
  license: string;
  simType: 'app';
  auth: AuthSettings;
  /** SQL run on an empty database: CREATE TABLE, CREATE INDEX. */
  schema: string;
  seed: (ctx: SeedContext) => void;
  /** Seed of the data set and of the per-instance random stream; the simulator's name unless said. */
  randomSeed: string | number;
  clock: ClockSettings;
  config: SimulatorConfig;
  layouts: { default: Layout } & Record<string, Layout>;
  routes: (app: AppBuilder) => void;
  /** A directory of static files served under /assets/ (CSS, JS, images). */
  assets?: URL;
  /** Renders the app's own 404 page; the kit's plain one otherwise. */
  notFound?: (ctx: RequestContext) => SimulatorResponse;
  testCases: readonly TestCaseDefinition[];
}

/** What an author writes; the kit fills in the defaults. */
export type SimulatorInput = Omit<SimulatorDefinition, 'simType' | 'randomSeed' | 'config' | 'testCases'> & {
  simType?: 'app';
  randomSeed?: string | number;
  config?: Partial<SimulatorConfig>;
  testCases?: readonly TestCaseDefinition[];
};

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** Attributes and CSS that would make the icon fetch something; the SVG namespace URI is not a fetch. */
const EXTERNAL_REFERENCE =
  /(?:href|src)\s*=\s*["']\s*(?:https?:|\/\/)|url\(\s*["']?\s*(?:https?:|\/\/)|@import/i;

/** SQL that reads the wall clock or SQLite's own randomness, which the virtual clock and rng cannot reach. */
export const NONDETERMINISTIC_SQL =
  /\bCURRENT_(?:TIMESTAMP|DATE|TIME)\b|\(\s*'now'|\brandom\s*\(\s*\)|\brandomblob\s*\(/i;

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Validates a simulator and fills in its defaults. Throws on a mistake, at import time, not at run time. */
export function defineSimulator(input: SimulatorInput): SimulatorDefinition {
  const where = `simulator ${JSON.stringify(input.name)}`;
  check(
    NAME.test(input.name) && input.name.length <= 40,
    `${where}: name must be lowercase letters, digits, dashes`,
  );
  check(
    input.title.trim() !== '' && input.description.trim() !== '',
    `${where}: title and description are required`,
  );
  check(/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(input.image), `${where}: image must be inline SVG markup`);
  check(!EXTERNAL_REFERENCE.test(input.image), `${where}: image must not reference external URLs`);
  check(input.auth.signInPath.startsWith('/'), `${where}: auth.signInPath must be a path`);
  check(
    input.auth.user !== '' && input.auth.password !== '',
    `${where}: auth user and password are required`,
  );
  const nondeterministic = NONDETERMINISTIC_SQL.exec(input.schema);
  check(
    nondeterministic === null,
    `${where}: the schema uses ${nondeterministic?.[0]}, which reads the real clock or randomness; write values from ctx.now() and ctx.rng`,
  );
  const testCases = input.testCases ?? [];
  const keys = new Set<string>();
  for (const testCase of testCases) {
    check(!keys.has(testCase.key), `${where}: test case key ${testCase.key} is used twice`);
    keys.add(testCase.key);
  }
  return {
    ...input,
    simType: 'app',
    randomSeed: input.randomSeed ?? input.name,
    config: {
      ignore_tables: input.config?.ignore_tables ?? [],
      ignore_columns: input.config?.ignore_columns ?? {},
      ignore_tables_with_column_values: input.config?.ignore_tables_with_column_values ?? {},
    },
    testCases,
  };
}

/** The icon as a data: URL, for an <img> or a stored imgUrl that needs no request to any server. */
export function simulatorImageDataUrl(simulator: Pick<SimulatorDefinition, 'image'>): string {
  return `data:image/svg+xml;base64,${Buffer.from(simulator.image.trim()).toString('base64')}`;
}
