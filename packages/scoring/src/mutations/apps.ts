import { EMPTY_MUTATION_IGNORE_RULES, type Mutation } from '@proctor/contracts';
import type { ScoringInput } from '../result';
import { filterMutations } from './filter';

/**
 * The app key of the session's own simulator. A mutation or expectation without a `simulator` tag is the
 * session's own simulator's, and so is one tagged with its name: a multi-simulator environment tags all of its
 * apps' mutations, the first one's too, while a test case's expectations name only the other apps.
 */
export const OWN_APP = '';

export function appOf(input: Pick<ScoringInput, 'simulators'>, tag: string | undefined): string {
  return tag === undefined || tag === input.simulators?.own ? OWN_APP : tag;
}

/** An app's name for reasons: its simulator's, or "own simulator" when the caller did not say. */
export function appLabel(input: Pick<ScoringInput, 'simulators'>, app: string): string {
  return app === OWN_APP ? (input.simulators?.own ?? 'own simulator') : app;
}

/** The ignore rules of an app: the session simulator's, another app's own, or none for an unknown app. */
export function appFilters(input: Pick<ScoringInput, 'simulatorConfig' | 'simulators'>, app: string) {
  if (app === OWN_APP) return input.simulatorConfig;
  return input.simulators?.filters[app] ?? EMPTY_MUTATION_IGNORE_RULES;
}

/** The session's mutations by app, the own simulator's first (present even when empty), in log order. */
export function mutationsByApp(
  input: Pick<ScoringInput, 'mutations' | 'simulators'>,
): Map<string, Mutation[]> {
  const byApp = new Map<string, Mutation[]>([[OWN_APP, []]]);
  for (const mutation of input.mutations) {
    const app = appOf(input, mutation.simulator);
    const list = byApp.get(app);
    if (list) list.push(mutation);
    else byApp.set(app, [mutation]);
  }
  return byApp;
}

/** The mutations that count, each app's through that app's own ignore rules. */
export function filterMutationsByApp(
  input: Pick<ScoringInput, 'mutations' | 'simulators' | 'simulatorConfig'>,
): Mutation[] {
  if (!input.mutations.some((mutation) => mutation.simulator !== undefined))
    return filterMutations(input.mutations, input.simulatorConfig);
  return input.mutations.filter(
    (mutation) => filterMutations([mutation], appFilters(input, appOf(input, mutation.simulator))).length > 0,
  );
}
