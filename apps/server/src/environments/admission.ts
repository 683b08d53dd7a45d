import type { Plan } from '@proctor/contracts';
import { HttpError } from '../kernel/http/errors';

/** One environment slot, held by an organization from its environment's start to its end. */
export interface Slot {
  readonly organizationId: number;
  /** Gives the slot back; only the first call counts. */
  release(): void;
}

export interface AdmissionLimits {
  /** Environments of this process at once (MAX_ENVIRONMENTS). */
  maxEnvironments: number;
  /** Environments of one organization at once, unless its plan says otherwise (MAX_ENVIRONMENTS_PER_ORGANIZATION). */
  perOrganization: number;
}

interface Waiter {
  organizationId: number;
  limit: number;
  grant(slot: Slot): void;
}

/** The environments an organization may run at once: its plan's max_environments, else the setting. */
export function environmentLimit(
  plan: Pick<Plan, 'max_environments'> | null,
  perOrganization: number,
): number {
  return plan?.max_environments ?? perOrganization;
}

/** How many of something shared each organization holds (slots, runs handed over), against a limit. */
export class OrganizationShares {
  readonly #held = new Map<number, number>();

  of(organizationId: number): number {
    return this.#held.get(organizationId) ?? 0;
  }

  /** One more for the organization, unless it holds `limit` already. */
  take(organizationId: number, limit: number): boolean {
    const held = this.of(organizationId);
    if (held >= limit) return false;
    this.#held.set(organizationId, held + 1);
    return true;
  }

  release(organizationId: number): void {
    const left = this.of(organizationId) - 1;
    if (left > 0) this.#held.set(organizationId, left);
    else this.#held.delete(organizationId);
  }
}

export function organizationLimitReached(limit: number): string {
  return `Your organization's limit of ${limit} environment${limit === 1 ? '' : 's'} at once is reached: close one of its environments or try again shortly`;
}

/**
 * The environment slots of this process, shared fairly between organizations: at most `maxEnvironments` at once,
 * and at most its limit for each organization. An SDK's make takes a slot at once or is refused; a queued run
 * waits. When a slot frees, the waiting run of the organization holding the fewest slots takes it (ties: the one
 * waiting longest), so one organization's backlog never keeps another's single run waiting behind it. A slot is
 * taken in the same turn as the check, so two runs woken at once cannot both take the last one.
 */
export class EnvironmentAdmission {
  readonly #held = new OrganizationShares();
  #total = 0;
  /** In the order they came. */
  readonly #waiting: Waiter[] = [];

  constructor(private readonly limits: AdmissionLimits) {}

  #limitOf(plan: Pick<Plan, 'max_environments'> | null): number {
    return environmentLimit(plan, this.limits.perOrganization);
  }

  /** Every slot of this process is taken. */
  get full(): boolean {
    return this.#total >= this.limits.maxEnvironments;
  }

  heldBy(organizationId: number): number {
    return this.#held.of(organizationId);
  }

  /** A slot now: 503 when every slot of this process is taken, 429 when the organization holds its limit. */
  take(organizationId: number, plan: Pick<Plan, 'max_environments'> | null): Slot {
    if (this.#total >= this.limits.maxEnvironments)
      throw new HttpError(
        503,
        `All ${this.limits.maxEnvironments} environment slots are in use: close an environment or try again shortly`,
      );
    const limit = this.#limitOf(plan);
    if (!this.#held.take(organizationId, limit)) throw new HttpError(429, organizationLimitReached(limit));
    return this.#slot(organizationId);
  }

  /** A slot once one is free for the organization, in fair order; rejects with the signal's reason on abort. */
  wait(
    organizationId: number,
    plan: Pick<Plan, 'max_environments'> | null,
    signal: AbortSignal,
  ): Promise<Slot> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const limit = this.#limitOf(plan);
    // Whoever waits already cannot take a free slot (each release hands out what it can), so none is passed over.
    if (this.#total < this.limits.maxEnvironments && this.#held.take(organizationId, limit))
      return Promise.resolve(this.#slot(organizationId));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        organizationId,
        limit,
        grant: (slot) => {
          signal.removeEventListener('abort', abandon);
          resolve(slot);
        },
      };
      const abandon = () => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', abandon, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** The slot of a share just taken. */
  #slot(organizationId: number): Slot {
    this.#total += 1;
    let held = true;
    return {
      organizationId,
      release: () => {
        if (!held) return;
        held = false;
        this.#total -= 1;
        this.#held.release(organizationId);
        this.#handOut();
      },
    };
  }

  /** Free slots to the waiting runs that may take one: the organization holding fewest first, then the earliest. */
  #handOut(): void {
    while (this.#total < this.limits.maxEnvironments) {
      let chosen: Waiter | undefined;
      for (const waiter of this.#waiting) {
        const held = this.heldBy(waiter.organizationId);
        if (held >= waiter.limit) continue;
        if (!chosen || held < this.heldBy(chosen.organizationId)) chosen = waiter;
      }
      if (!chosen) return;
      this.#waiting.splice(this.#waiting.indexOf(chosen), 1);
      this.#held.take(chosen.organizationId, chosen.limit);
      chosen.grant(this.#slot(chosen.organizationId));
    }
  }
}
