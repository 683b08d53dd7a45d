import { parseArgs } from 'node:util';
import { API_KEY_VARIABLE } from '../constants.js';
import { ProctorError } from '../errors.js';
import { CliError, hubClone } from './hubClone.js';
import { hubSandbox, SANDBOX_DEFAULT_PORT } from './sandbox.js';

/** The environment variable with Proctor's address. */
export const URL_VARIABLE = 'PROCTOR_URL';

export const MAIN_HELP = `Usage: proctor <command> [options]

Commands:
  hub clone <simulator> [directory]   Clone a simulator's repository from Proctor's hub
  hub sandbox [directory]             Serve a simulator's working tree on this machine, or --prove it

Options:
  --url <address>   Proctor's address (default: $${URL_VARIABLE})
  -h, --help        Show help (also: proctor hub --help)

Environment:
  ${URL_VARIABLE}       Proctor's address, e.g. https://proctor.example.com
  ${API_KEY_VARIABLE}   Your organization's API key (Settings page)
`;

export const HUB_HELP = `Usage: proctor hub <command> [options]

Each simulator's source lives in a git repository on Proctor's hub (the Hub page).

Commands:
  clone <simulator> [directory]   Clone the simulator's repository (default directory: its name) with your
                                  hub credentials; the password is handed to git by a credential helper and
                                  is neither printed nor written to .git/config
  sandbox [directory]             Serve the kit project in directory (default: this folder; its src/index.ts
                                  defines the simulator) at http://{name}.sandbox.localhost:{port}, printing
                                  each mutation as it happens and rebuilding when src/ changes; runs from a
                                  Proctor checkout, which has the simulator kit, and needs no Proctor server

Options:
  --url <address>   Proctor's address (default: $${URL_VARIABLE}); clone only
  --port <port>     sandbox: the port to serve on (default: ${SANDBOX_DEFAULT_PORT}; 0 picks a free one)
  --no-watch        sandbox: do not rebuild when src/ changes
  --prove           sandbox: instead of serving, run every test case's reference solution and wrong variant
                    in Chromium and print passed or failed for each (exit code 1 when any failed)
  -h, --help        Show this help

Environment: ${URL_VARIABLE}, ${API_KEY_VARIABLE} (clone)
`;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Runs one `proctor` command line; answers the exit code (0 done, 1 failed, 2 a usage mistake). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    io.stderr(`proctor: ${error instanceof Error ? error.message : String(error)}\n\n${MAIN_HELP}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [group, command, ...rest] = positionals;

  if (group === undefined) {
    (values.help ? io.stdout : io.stderr)(MAIN_HELP);
    return values.help ? 0 : 2;
  }
  if (group !== 'hub') {
    io.stderr(`proctor: unknown command "${group}"\n\n${MAIN_HELP}`);
    return 2;
  }
  if (values.help || command === undefined) {
    (values.help ? io.stdout : io.stderr)(HUB_HELP);
    return values.help ? 0 : 2;
  }
  if (command === 'sandbox') return sandbox(rest, values, io);
  if (command !== 'clone') {
    io.stderr(`proctor: unknown hub command "${command}"\n\n${HUB_HELP}`);
    return 2;
  }
  const [simulator, directory, ...extra] = rest;
  if (
    simulator === undefined ||
    extra.length > 0 ||
    SANDBOX_OPTIONS.some((name) => values[name] !== undefined)
  ) {
    io.stderr(
      `proctor: hub clone takes a simulator's name and, optionally, a directory (and --url)\n\n${HUB_HELP}`,
    );
    return 2;
  }

  const baseUrl = values.url ?? io.env[URL_VARIABLE];
  const apiKey = io.env[API_KEY_VARIABLE];
  try {
    if (!baseUrl) throw new CliError(`Set ${URL_VARIABLE} to your Proctor's address (or pass --url)`);
    if (!apiKey) throw new CliError(`Set ${API_KEY_VARIABLE} to your organization's API key (Settings page)`);
    return await hubClone({
      simulator,
      directory,
      baseUrl,
      apiKey,
      env: io.env,
      cwd: io.cwd,
      log: (line) => io.stderr(`${line}\n`),
    });
  } catch (error) {
    return failure(error, io);
  }
}

/** The options only `hub sandbox` takes. */
const SANDBOX_OPTIONS = ['port', 'prove', 'no-watch'] as const;

async function sandbox(
  rest: string[],
  values: ReturnType<typeof parseCommandLine>['values'],
  io: CliIo,
): Promise<number> {
  const [directory, ...extra] = rest;
  const port = values.port === undefined ? SANDBOX_DEFAULT_PORT : Number(values.port);
  const usage =
    extra.length > 0
      ? 'hub sandbox takes at most a directory'
      : values.url !== undefined
        ? 'hub sandbox runs on this machine: it takes no --url'
        : !Number.isInteger(port) || port < 0 || port > 65_535 || values.port?.trim() === ''
          ? `--port takes a port number from 0 to 65535, not "${values.port}"`
          : null;
  if (usage) {
    io.stderr(`proctor: ${usage}\n\n${HUB_HELP}`);
    return 2;
  }
  try {
    return await hubSandbox({
      directory,
      port,
      prove: values.prove ?? false,
      watch: !values['no-watch'],
      env: io.env,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  } catch (error) {
    return failure(error, io);
  }
}

/** A failure the CLI explains in a line (exit code 1); anything else is a bug, thrown with its stack. */
function failure(error: unknown, io: CliIo): number {
  if (error instanceof CliError || error instanceof ProctorError) {
    io.stderr(`proctor: ${error.message}\n`);
    return 1;
  }
  throw error;
}

function parseCommandLine(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      port: { type: 'string' },
      prove: { type: 'boolean' },
      'no-watch': { type: 'boolean' },
    },
  });
}
