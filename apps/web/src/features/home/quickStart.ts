/**
 * What the home page offers to copy. Everything here runs against this server as it is: the SDK it serves
 * at /sdk/proctor-sdk.tgz (packages/sdk, whose tests type-check `codeSample` against the packed SDK) and
 * the HTTP API with an organization API key.
 */

/** The SDK from this very server, and Playwright's client for the browser (it downloads no browser). */
export function installCommand(origin: string): string {
  return `npm install ${origin}/sdk/proctor-sdk.tgz playwright-core`;
}

/**
 * An agent's run: make an environment, drive its browser over CDP, evaluate, close. The key is read from
 * the environment, never embedded: a copied sample must not carry a secret.
 */
export function codeSample(origin: string): string {
  return [
    '// Node 20+: PROCTOR_API_KEY=<key> node agent.mjs [test case id]',
    "import { Proctor } from '@proctor/sdk';",
    "import { chromium } from 'playwright-core';",
    '',
    `const proctor = new Proctor({ baseUrl: '${origin}', apiKey: process.env.PROCTOR_API_KEY });`,
    '',
    "// A simulator instance with its own browser; 'shop' is one of the built-in simulators.",
    "const env = await proctor.environments.make('shop');",
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

/** Any other call of the API reference, with the same key. */
export function curlSample(origin: string): string {
  return `curl -H "X-API-Key: $PROCTOR_API_KEY" ${origin}/api/organization/members`;
}
