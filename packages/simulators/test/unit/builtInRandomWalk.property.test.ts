import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  builtInSimulators,
  prepareSimulator,
  type SimulatorDefinition,
  SimulatorInstance,
} from '../../src/index';
import { InstanceClient } from '../../src/testing/index';
import { dumpDatabase } from '../support/dump';
import { type FormControl, type PageControls, type PageForm, readPage } from '../support/pageControls';

/**
 * Reset, isolation and determinism of every shipped simulator under real use: a visitor signs in through the
 * app's own sign-in form, then wanders — following a random link or submitting a random form of the page it
 * is on, filled in with the form's own values, random choices and random text — for a few dozen requests.
 * The raw-SQL property test (builtInReset) covers every table; this one covers what the routes really write.
 * Any 5xx on the way is an app bug and fails the walk with the request that caused it.
 */

/** Steps after signing in; a walk has 1 to this many, and dead ends can end it sooner. */
const WALK_LENGTH = 30;
/** Runs are cheap (a walk, its replay, three dumps): this many keeps the file quick on two cores. */
const RUNS_PER_SIMULATOR = 30;
/** At least this share of walks must write, or the property would hold for walks that only browse. */
const MIN_SHARE_THAT_WRITES = 1 / 5;
/** Links and forms that end the session, which would leave the rest of the walk on the sign-in page. */
const SIGN_OUT = /\/(?:log-?out|sign-?out)(?:\/|$)/i;
/** Static files are not pages: nothing to walk on from them. */
const STATIC = /^\/(?:assets|_kit)\/|^\/favicon\./;
const DAY_MS = 86_400_000;

/** One request of the walk, enough to make it again on another instance. */
interface Action {
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  form?: [string, string][];
  /** What was clicked and where, for failure messages. */
  via: string;
}

/**
 * The random choices of one step. They are read modulo what the page offers, so they mean something on any
 * page and shrink toward "the first link, the first option".
 */
interface StepChoice {
  /** Follow a link, submit any form, or submit a form that posts (writes are what reset must undo). */
  move: 'link' | 'form' | 'post';
  target: number;
  submitter: number;
  picks: number[];
  words: string[];
}

const word = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), weight: 1 },
);
const stepChoice: fc.Arbitrary<StepChoice> = fc.record({
  move: fc.constantFrom('link', 'form', 'post'),
  target: fc.nat(),
  submitter: fc.nat(),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  words: fc.array(word, { minLength: 1, maxLength: 4 }),
});
const walkChoices = fc.array(stepChoice, { minLength: 1, maxLength: WALK_LENGTH, size: 'max' });

interface Page {
  url: URL;
  controls: PageControls;
}

function describeAction(action: Action): string {
  const body = action.form ? ` ${new URLSearchParams(action.form).toString()}` : '';
  return `${action.method} ${action.path}${body} (${action.via})`;
}

function isHtml(headers: Record<string, string | string[]>): boolean {
  const type = headers['content-type'];
  return typeof type === 'string' && type.startsWith('text/html');
}

/** Where a request ended after its redirects: an HTML page of the instance, or somewhere with nothing to do. */
interface Landing {
  url: URL;
  html: string | undefined;
}

/** Makes one request and follows its redirects within the origin, as a browser would, failing on any 5xx. */
async function perform(client: InstanceClient, action: Action): Promise<Landing> {
  const origin = client.instance.origin;
  let url = new URL(action.path, origin);
  let response = await client.request(
    action.method,
    action.path,
    action.form
      ? { type: 'application/x-www-form-urlencoded', text: new URLSearchParams(action.form).toString() }
      : undefined,
    { follow: false },
  );
  for (let redirects = 0; ; redirects++) {
    if (response.status >= 500)
      throw new Error(`${client.instance.name} answered ${response.status} to ${describeAction(action)}`);
    if (!(response.status >= 300 && response.status < 400 && response.location)) break;
    if (redirects >= 10) throw new Error(`Too many redirects after ${describeAction(action)}`);
    url = new URL(response.location, url);
    if (url.origin !== origin) return { url, html: undefined };
    response = await client.get(`${url.pathname}${url.search}`, { follow: false });
  }
  return { url, html: isHtml(response.headers) ? response.text : undefined };
}

function walkable(url: URL, origin: string): boolean {
  return url.origin === origin && !SIGN_OUT.test(url.pathname) && !STATIC.test(url.pathname);
}

/** The page's links and forms a walk may use: same origin, not signing out, not static files. */
function choicesOn(page: Page, origin: string): PageControls {
  const here = `${page.url.pathname}${page.url.search}`;
  return {
    links: page.controls.links.filter(
      (l) => walkable(l.url, origin) && `${l.url.pathname}${l.url.search}` !== here,
    ),
    forms: page.controls.forms
      .map((form) => ({
        ...form,
        submitters: form.submitters.filter(
          (s) => (s.method === 'get' || s.method === 'post') && walkable(s.action, origin),
        ),
      }))
      .filter((form) => form.submitters.length > 0),
  };
}

function hasChoices(page: Page, origin: string): boolean {
  const { links, forms } = choicesOn(page, origin);
  return links.length > 0 || forms.length > 0;
}

/** Fills in a form from one step's choices, the way a hurried but well-meaning person would. */
class Filler {
  constructor(
    readonly choice: StepChoice,
    readonly definition: SimulatorDefinition,
  ) {}

  pick(index: number, count: number): number {
    const picks = this.choice.picks;
    return count === 0 ? 0 : picks[index % picks.length]! % count;
  }

  /** Whether a choice stays as the page set it: people mostly leave defaults alone, and defaults are valid. */
  keeps(index: number): boolean {
    return this.pick(index + 1, 2) === 0;
  }

  word(index: number): string {
    const words = this.choice.words;
    return words[index % words.length]!;
  }

  /** A value of the input's type for an empty input, near the simulator's own "today" for dates. */
  typed(control: Extract<FormControl, { kind: 'text' }>, index: number): string {
    const n = this.pick(index, 1_000_000);
    const day = new Date(Date.parse(this.definition.clock.start) + ((n % 121) - 60) * DAY_MS);
    const date = day.toISOString().slice(0, 10);
    const time = `${String(n % 24).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}`;
    switch (control.type) {
      case 'number':
      case 'range': {
        const low = Math.ceil(Number(control.min ?? 0)) || 0;
        const high = control.max === undefined ? low + 20 : Math.floor(Number(control.max));
        return String(low + (high >= low ? n % (high - low + 1) : 0));
      }
      case 'date':
        return date;
      case 'time':
        return time;
      case 'datetime-local':
        return `${date}T${time}`;
      case 'month':
        return date.slice(0, 7);
      case 'email':
        return n % 3 === 0
          ? this.definition.auth.user
          : `${
              this.word(index)
                .replace(/[^a-z0-9]/gi, '')
                .toLowerCase() || 'guest'
            }@example.com`;
      case 'password':
        return n % 2 === 0 ? this.definition.auth.password : this.word(index);
      case 'tel':
        return `+1 555 01${String(n % 100).padStart(2, '0')}`;
      case 'url':
        return `https://example.com/${encodeURIComponent(this.word(index))}`;
      case 'color':
        return `#${(n % 0x1000000).toString(16).padStart(6, '0')}`;
      default:
        return this.word(index);
    }
  }

  /** The name/value pairs a browser would post: own values kept, choices made at random, blanks filled. */
  fill(form: PageForm): [string, string][] {
    const entries: [string, string][] = [];
    const radioGroupsDone = new Set<string>();
    form.controls.forEach((control, index) => {
      switch (control.kind) {
        case 'hidden':
          entries.push([control.name, control.value]);
          return;
        case 'text':
          entries.push([control.name, control.value !== '' ? control.value : this.typed(control, index)]);
          return;
        case 'textarea':
          entries.push([control.name, control.value !== '' ? control.value : this.word(index)]);
          return;
        case 'checkbox':
          if (this.keeps(index) ? control.checked : this.pick(index, 2) === 1)
            entries.push([control.name, control.value]);
          return;
        case 'radio': {
          if (radioGroupsDone.has(control.name)) return;
          radioGroupsDone.add(control.name);
          const group = form.controls.filter((c) => c.kind === 'radio' && c.name === control.name);
          const checked = group.find((c) => c.kind === 'radio' && c.checked);
          const chosen = checked && this.keeps(index) ? checked : group[this.pick(index, group.length)];
          if (chosen?.kind === 'radio') entries.push([control.name, chosen.value]);
          return;
        }
        case 'select': {
          const { options, selected } = control;
          if (control.multiple) {
            // A few options, as a person picks guests or labels, not half of a long list.
            const chosen = this.keeps(index)
              ? selected
              : Array.from(
                  { length: this.pick(index, 4) },
                  (_, i) => options[this.pick(index + i + 1, options.length)]!,
                );
            for (const option of new Set(chosen)) entries.push([control.name, option]);
            return;
          }
          // A single select with nothing marked shows, and posts, its first option.
          const shown = selected.at(-1) ?? options[0];
          const chosen = this.keeps(index) ? shown : options[this.pick(index, options.length)];
          if (chosen !== undefined) entries.push([control.name, chosen]);
          return;
        }
        case 'picker': {
          const chosen = this.keeps(index)
            ? undefined
            : control.options[this.pick(index, control.options.length)];
          entries.push([control.name, chosen ?? control.value]);
          return;
        }
      }
    });
    return entries;
  }
}

/** The request that submitting `form` makes, filled in from the step's choices. */
function submission(
  form: PageForm,
  choice: StepChoice,
  definition: SimulatorDefinition,
  where: string,
): Action {
  const submitter = form.submitters[choice.submitter % form.submitters.length]!;
  const entries = new Filler(choice, definition).fill(form);
  if (submitter.name !== undefined) entries.push([submitter.name, submitter.value]);
  const via = `${form.label} on ${where}, button "${submitter.label}"`;
  const { pathname, search } = submitter.action;
  if (submitter.method === 'post')
    return { method: 'POST', path: `${pathname}${search}`, form: entries, via };
  return { method: 'GET', path: `${pathname}?${new URLSearchParams(entries).toString()}`, via };
}

/** The request a step makes on `page`, or undefined when the page offers nothing to do. */
function nextAction(
  page: Page,
  choice: StepChoice,
  definition: SimulatorDefinition,
  origin: string,
): Action | undefined {
  const { links, forms } = choicesOn(page, origin);
  const where = `${page.url.pathname}${page.url.search}`;
  const posting = forms.filter((f) => f.submitters.some((s) => s.method === 'post'));
  const wanted = choice.move === 'post' ? posting : choice.move === 'form' ? forms : [];
  // No form of the kind wanted here: move on to another page, unless there is none to go to.
  const pool = wanted.length > 0 ? wanted : links.length === 0 ? forms : [];
  if (pool.length > 0) return submission(pool[choice.target % pool.length]!, choice, definition, where);
  const link = links[choice.target % links.length];
  if (!link) return undefined;
  return {
    method: 'GET',
    path: `${link.url.pathname}${link.url.search}`,
    via: `link "${link.label}" on ${where}`,
  };
}

/** A client that records every request it makes, so the walk can be replayed on another instance. */
class Visitor {
  readonly actions: Action[] = [];
  readonly client: InstanceClient;

  constructor(
    instance: SimulatorInstance,
    readonly definition: SimulatorDefinition,
  ) {
    this.client = new InstanceClient(instance);
  }

  /** Makes the request and reads the page it lands on (parsing is the walk's main cost, so replays skip it). */
  async perform(action: Action): Promise<Page | undefined> {
    this.actions.push(action);
    const { url, html } = await perform(this.client, action);
    return html === undefined ? undefined : { url, controls: readPage(html, url) };
  }

  /** Signs in through the app's own form, as a person would; a page without that form means already in. */
  async signIn(page: Page): Promise<Page | undefined> {
    const form = page.controls.forms.find((f) =>
      f.controls.some((c) => c.kind === 'text' && c.type === 'password'),
    );
    if (!form) return page;
    const { user, password } = this.definition.auth;
    const entries = form.controls.flatMap((c): [string, string][] => {
      if (c.kind === 'text' && c.type === 'password') return [[c.name, password]];
      if (c.kind === 'text' && (c.type === 'email' || c.name === 'email')) return [[c.name, user]];
      return c.kind === 'hidden' || c.kind === 'text' ? [[c.name, c.value]] : [];
    });
    const action = form.submitters[0]!.action;
    return this.perform({
      method: 'POST',
      path: `${action.pathname}${action.search}`,
      form: entries,
      via: `sign-in ${form.label}`,
    });
  }
}

/** Signs in, then takes the steps; a step that leads nowhere (a file, a dead end) goes back a page. */
async function walk(visitor: Visitor, steps: readonly StepChoice[]): Promise<void> {
  const { definition } = visitor;
  const origin = visitor.client.instance.origin;
  const signInPath = definition.auth.signInPath;
  const signInPage = await visitor.perform({ method: 'GET', path: signInPath, via: 'the sign-in page' });
  let page = signInPage && (await visitor.signIn(signInPage));
  if (!page || page.url.pathname === signInPath)
    throw new Error(`${definition.name}: signing in with the definition's account did not work`);
  for (const choice of steps) {
    const action = nextAction(page, choice, definition, origin);
    if (!action) break;
    let next = await visitor.perform(action);
    // Landing on the sign-in page (a link to it, a route that ended the session): sign in again and go on.
    if (next && next.url.pathname === signInPath) next = await visitor.signIn(next);
    if (next && hasChoices(next, origin)) page = next;
  }
}

async function replay(instance: SimulatorInstance, actions: readonly Action[]): Promise<void> {
  const client = new InstanceClient(instance);
  for (const action of actions) await perform(client, action);
}

describe('random walks through the built-in simulators', () => {
  for (const definition of builtInSimulators) {
    const prepared = prepareSimulator(definition);
    let instances = 0;
    const make = () => {
      const id = `walk-${++instances}`;
      return new SimulatorInstance(prepared, { id, origin: `http://${id}.${definition.name}.localhost:1` });
    };

    it(`should restore the seed after a random walk through ${definition.name}`, async () => {
      const seed = make();
      const seedDump = dumpDatabase(seed);
      seed.destroy();
      let runs = 0;
      let runsThatWrote = 0;

      await fc.assert(
        fc.asyncProperty(walkChoices, async (steps) => {
          runs += 1;
          const walked = make();
          const untouched = make();
          try {
            const visitor = new Visitor(walked, definition);
            await walk(visitor, steps);
            const state = walked.state();
            const mutations = JSON.stringify(walked.mutations());
            if (state.length > 0) runsThatWrote += 1;
            const trail = `after this walk:\n${visitor.actions.map(describeAction).join('\n')}\n`;

            // Isolation: an instance created before the walk saw none of it.
            expect(dumpDatabase(untouched), trail).toBe(seedDump);
            // Determinism: the same requests on that fresh instance write the same bytes.
            await replay(untouched, visitor.actions);
            expect(JSON.stringify(untouched.mutations()), trail).toBe(mutations);
            expect(JSON.stringify(untouched.state()), trail).toBe(JSON.stringify(state));

            walked.reset();
            expect(walked.state(), trail).toEqual([]);
            expect(dumpDatabase(walked), trail).toBe(seedDump);
          } finally {
            walked.destroy();
            untouched.destroy();
          }
        }),
        { numRuns: RUNS_PER_SIMULATOR },
      );

      // Guards against a vacuous property: walks must change the database, not only browse.
      expect(runsThatWrote, `walks that wrote, of ${runs}`).toBeGreaterThanOrEqual(
        Math.max(1, Math.ceil(runs * MIN_SHARE_THAT_WRITES)),
      );
      // Far above its time alone: the full suite runs Chromium files beside it on two cores.
    }, 60_000);
  }
});
