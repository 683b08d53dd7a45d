/**
 * What the home page and the simulator pages offer to copy. Everything here runs against this server as it
 * is: the clients it serves (the TypeScript SDK at /sdk/proctor-sdk.tgz, whose tests type-check
 * `codeSample` against the packed SDK; the Python client at /sdk/proctor.py, whose tests in
 * apps/server/test/pythonClient.test.ts run `pythonSample`) and the HTTP API with an organization API key.
 */

/** The SDK from this very server, and Playwright's client for the browser (it downloads no browser). */
export function installCommand(origin: string): string {
  return `npm install ${origin}/sdk/proctor-sdk.tgz playwright-core`;
}

/**
 * The comment above `make`: the home page's sample names the built-in shop, a simulator's page that
 * simulator.
 */
function simulatorComment(simulator: string | undefined): string {
  return simulator === undefined
    ? "A simulator instance with its own browser; 'shop' is one of the built-in simulators."
    : `An instance of ${simulator} with its own browser.`;
}

/**
 * An agent's run: make an environment (of `simulator`, by default the built-in shop), drive its browser over
 * CDP, evaluate, close. The key is read from the environment, never embedded: a copied sample must not carry
 * a secret.
 */
export function codeSample(origin: string, simulator?: string): string {
  return [
    '// Node 20+: PROCTOR_API_KEY=<key> node agent.mjs [test case id]',
    "import { Proctor } from '@proctor/sdk';",
    "import { chromium } from 'playwright-core';",
    '',
    `const proctor = new Proctor({ baseUrl: '${origin}', apiKey: process.env.PROCTOR_API_KEY });`,
    '',
    `// ${simulatorComment(simulator)}`,
    `const env = await proctor.environments.make('${simulator ?? 'shop'}');`,
    'try {',
    '  await env.waitForReady();',
    "  // A test case's id from the Tests page; without one, the simulator's start page.",
    '  const { prompt } = await env.reset(process.argv[2]);',
    '',
    '  const browser = await chromium.connectOverCDP(await env.cdpUrl());',
    '  const page = browser.contexts()[0].pages()[0];',
    '  // Your agent acts here: it reads the task, looks at the page, clicks and types.',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is the sample's own template literal.
    '  console.log(`Task: ${prompt}\\nPage: ${await page.title()}`);',
    '  await browser.close();',
    '',
    '  const { passed, details } = await env.evaluate();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is the sample's own template literal.
    "  console.log(passed ? 'Passed' : `Failed: ${details.explanation}`);",
    '} finally {',
    '  await env.close();',
    '}',
  ].join('\n');
}

/** The Python client from this very server (one file), and Playwright for Python (it downloads no browser). */
export function pythonInstallCommand(origin: string): string {
  return `curl -fsSLO ${origin}/sdk/proctor.py && pip install playwright`;
}

/** The same run in Python: the environment closes at the end of the `with` block. */
export function pythonSample(origin: string, simulator?: string): string {
  return [
    '# Python 3.9+: PROCTOR_API_KEY=<key> python3 agent.py [test case id]',
    'import sys',
    '',
    'from playwright.sync_api import sync_playwright',
    'from proctor import Proctor',
    '',
    `proctor = Proctor("${origin}")  # the API key from PROCTOR_API_KEY`,
    '',
    `# ${simulatorComment(simulator)}`,
    `with proctor.environments.make("${simulator ?? 'shop'}") as env:`,
    '    env.wait_for_ready()',
    "    # A test case's id from the Tests page; without one, the simulator's start page.",
    '    run = env.reset(sys.argv[1] if len(sys.argv) > 1 else None)',
    '',
    '    with sync_playwright() as playwright:',
    '        browser = playwright.chromium.connect_over_cdp(env.cdp_url())',
    '        page = browser.contexts[0].pages[0]',
    '        # Your agent acts here: it reads the task, looks at the page, clicks and types.',
    '        print(f"Task: {run.prompt}\\nPage: {page.title()}")',
    '        browser.close()',
    '',
    '    result = env.evaluate()',
    '    print("Passed" if result.passed else f"Failed: {result.details.explanation}")',
  ].join('\n');
}

/** Any other call of the API reference, with the same key. */
export function curlSample(origin: string): string {
  return `curl -H "X-API-Key: $PROCTOR_API_KEY" ${origin}/api/organization/members`;
}
