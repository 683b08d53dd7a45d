import type { Simulator } from '@proctor/contracts';

/** One choice of another app: a simulator's id (as the select's value) and name. */
export interface AppOption {
  value: string;
  label: string;
}

/**
 * The simulators a test case may also span: those the caller's plan allows (the simulators list), but not its own
 * simulator nor a proxy simulator (those run alone); the ones it already names stay listed, so that they show.
 */
export function otherSimulatorOptions(
  simulators: readonly Pick<Simulator, 'id' | 'name' | 'simType'>[],
  ownId: number | null,
  named: readonly { id: number; name: string }[] = [],
): AppOption[] {
  const options = simulators
    .filter((simulator) => simulator.id !== ownId && simulator.simType !== 'proxy')
    .map((simulator) => ({ value: String(simulator.id), label: simulator.name }));
  const listed = new Set(options.map((option) => option.value));
  const kept = named
    .filter((simulator) => !listed.has(String(simulator.id)))
    .map((simulator) => ({ value: String(simulator.id), label: simulator.name }));
  return [...options, ...kept];
}

/** The apps of a test case by name: its own simulator first, then the others in their order. */
export function appNames(
  own: string | undefined,
  otherIds: readonly string[],
  options: readonly AppOption[],
): string[] {
  const others = otherIds.flatMap((id) => options.find((option) => option.value === id)?.label ?? []);
  return own === undefined ? others : [own, ...others];
}

/** One expected mutation as the app editor lists it; `app` undefined is the test case's own simulator. */
export interface ExpectationRow {
  index: number;
  action: string;
  table: string;
  pk: string | undefined;
  app: string | undefined;
}

type Parsed = { ok: true; config: Record<string, unknown>; mutations: unknown[] } | { ok: false };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseExpectations(scoringConfig: string): Parsed {
  try {
    const config: unknown = JSON.parse(scoringConfig);
    if (!isRecord(config) || !Array.isArray(config.mutations)) return { ok: false };
    return { ok: true, config, mutations: config.mutations };
  } catch {
    return { ok: false };
  }
}

/** The expected mutations of a scoring configuration being edited as JSON; none when it does not parse. */
export function expectationRows(scoringConfig: string): ExpectationRow[] {
  const parsed = parseExpectations(scoringConfig);
  if (!parsed.ok) return [];
  return parsed.mutations.flatMap((mutation, index) =>
    isRecord(mutation)
      ? [
          {
            index,
            action: String(mutation.action ?? ''),
            table: String(mutation.table_name ?? ''),
            pk: typeof mutation.pk === 'string' ? mutation.pk : undefined,
            app: typeof mutation.simulator === 'string' ? mutation.simulator : undefined,
          },
        ]
      : [],
  );
}

/**
 * The scoring configuration with expectation `index` expected in `app`: the own simulator's expectations carry
 * no tag (as the server reads them), another app's carry its name. Unchanged when it does not parse.
 */
export function withExpectationApp(
  scoringConfig: string,
  index: number,
  app: string,
  own: string | undefined,
): string {
  const parsed = parseExpectations(scoringConfig);
  const mutation = parsed.ok ? parsed.mutations[index] : undefined;
  if (!parsed.ok || !isRecord(mutation)) return scoringConfig;
  const { simulator: _, ...untagged } = mutation;
  const mutations = parsed.mutations.map((each, i) =>
    i === index ? (app === own ? untagged : { ...untagged, simulator: app }) : each,
  );
  return JSON.stringify({ ...parsed.config, mutations }, null, 2);
}
