/** Closers run in reverse order of registration, each whatever the others did. */
export class Teardown {
  readonly #steps: Array<{ name: string; run: () => Promise<unknown> }> = [];

  constructor(private readonly report: (line: string) => void) {}

  add(name: string, run: () => Promise<unknown>): void {
    this.#steps.push({ name, run });
  }

  async run(): Promise<void> {
    for (const step of this.#steps.splice(0).reverse()) {
      await step
        .run()
        .catch((error: unknown) => this.report(`  (closing ${step.name} failed: ${String(error)})`));
    }
  }
}
