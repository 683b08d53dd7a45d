import { newPublicId } from '@proctor/db';
import type { BrowserPool, LaunchedBrowser } from '@proctor/environments';
import type { SimulatorDefinition, SimulatorHost } from '@proctor/simulators';

/**
 * Readies the pool's browsers for the simulator last asked for, and gives an environment the id its browser
 * was readied under (docs/architecture.md, "The warm pool").
 */
export class WarmPool {
  /** The simulator pooled browsers are warmed on: the one an environment was last made for. */
  #simulator: SimulatorDefinition | undefined;
  /** The environment id each warmed browser's visit was made under, for the environment it serves. */
  readonly #warmedIds = new WeakMap<LaunchedBrowser, { simulator: string; id: string }>();

  constructor(
    private readonly host: SimulatorHost,
    private readonly pool: BrowserPool,
  ) {}

  /**
   * Readies a browser for the pool: one visit to a throwaway instance of the simulator last asked for, on the
   * origin of the environment it will serve, then a blank, cleared page.
   */
  async warmUp(browser: LaunchedBrowser): Promise<boolean> {
    const definition = this.#simulator;
    if (!definition) return false;
    const id = newPublicId();
    const instance = this.host.createInstance(definition, { id });
    try {
      // The visit's own origin only, for the visit: the pool unbinds it before the browser waits.
      await browser.network?.bind({
        origins: [instance.origin],
        upstream: { host: '127.0.0.1', port: this.host.port },
      });
      await browser.page.navigate(instance.url('/'));
    } finally {
      instance.destroy();
    }
    await browser.page.navigate('about:blank');
    await browser.page.resetHistory();
    await browser.page.forgetOrigin(instance.origin);
    this.#warmedIds.set(browser, { simulator: definition.name, id });
    return true;
  }

  /**
   * The public id of a new environment of this simulator, which the pool's browsers are warmed on from now: a
   * random UUID (the instance's origin, <id>.<simulator>.localhost, cannot be guessed by another tenant), the
   * one the next idle browser was warmed under when it was warmed on this simulator. The caller acquires that
   * browser before anything yields, so the browser looked at is the one it gets. With `reuseKey`, the caller
   * acquires with that key.
   */
  environmentId(definition: SimulatorDefinition, reuseKey?: string): string {
    this.#simulator = definition;
    // A browser given back under the key is acquired instead of the next idle one (BrowserPool.acquire).
    if (reuseKey !== undefined && this.pool.hasKept(reuseKey)) return newPublicId();
    const warm = this.pool.nextIdle();
    const warmedId = warm && this.#warmedIds.get(warm);
    return warmedId?.simulator === definition.name ? warmedId.id : newPublicId();
  }
}
