import { parseArgs } from 'node:util';
import { KitSandbox, proveKitProject } from './sandbox';

/**
 * The program `proctor hub sandbox` runs (`node --import tsx sandboxProgram.ts --project DIR --port N [--watch]
 * [--prove]`): the SDK's CLI checks the command line and starts this from the Proctor install it belongs to, since
 * the kit is that install's TypeScript. Exit code 0 when served until stopped or every proof passed, 1 otherwise.
 */

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      port: { type: 'string', default: '0' },
      watch: { type: 'boolean', default: false },
      prove: { type: 'boolean', default: false },
    },
  });
  if (!values.project) throw new Error('the sandbox program needs --project DIR');
  if (values.prove) return (await proveKitProject(values.project, log)) ? 0 : 1;

  const sandbox = await KitSandbox.start({
    project: values.project,
    port: Number(values.port),
    watch: values.watch,
    log,
  });
  const { auth } = sandbox.definition;
  log(`serving ${sandbox.definition.name} from ${values.project} at ${sandbox.url}`);
  log(`sign in at ${new URL(auth.signInPath, sandbox.url)} as ${auth.user}, password ${auth.password}`);
  log(
    values.watch
      ? 'rebuilding when a file under src/ changes; each mutation is printed as it happens (Ctrl-C stops)'
      : 'each mutation is printed as it happens (Ctrl-C stops)',
  );
  return new Promise((resolve) => {
    // Every signal, not only the first: Ctrl-C reaches this process from the terminal and from the CLI both.
    const stop = () => void sandbox.close().then(() => resolve(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
