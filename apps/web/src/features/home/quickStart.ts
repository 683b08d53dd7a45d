/**
 * What the home page offers to copy. Everything here runs against this server as it is today: the OpenAPI
 * description at /docs/json and routes that accept an organization API key.
 */
export function installCommand(origin: string): string {
  return `npx openapi-typescript ${origin}/docs/json -o proctor-api.d.ts`;
}

/** The key is read from the environment, never embedded: a copied sample must not carry a secret. */
export function codeSample(origin: string): string {
  return [
    '// Node 18+: PROCTOR_API_KEY=<key> node list-members.mjs. Lists the members of your organization.',
    `const PROCTOR_URL = '${origin}';`,
    'const API_KEY = process.env.PROCTOR_API_KEY;',
    "if (!API_KEY) throw new Error('Set PROCTOR_API_KEY to your organization API key (Settings page).');",
    '',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is the sample's own template literal.
    'const response = await fetch(`${PROCTOR_URL}/api/organization/members`, {',
    "  headers: { 'X-API-Key': API_KEY },",
    '});',
    'if (!response.ok) {',
    '  const { detail } = await response.json();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is the sample's own template literal.
    '  throw new Error(`Proctor answered ${response.status}: ${detail}`);',
    '}',
    'const { members } = await response.json();',
    'for (const member of members) {',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is the sample's own template literal.
    '  console.log(`${member.name} <${member.email}> ${member.role}`);',
    '}',
  ].join('\n');
}
