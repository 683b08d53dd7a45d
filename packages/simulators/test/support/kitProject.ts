import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A tiny kit project as a hub push holds one: a notes app (one table, a page with a form, a stylesheet under
 * src/assets) and one test case, "add a note saying milk". `solve` and `wrong` are the bodies of its two scripts
 * (`page`, `ctx` in scope); `files` adds or replaces files.
 */
export interface KitProjectOptions {
  solve?: string;
  wrong?: string;
  files?: Record<string, string>;
}

/** Types a note and adds it, waiting for it to be listed. */
export const addNote = (text: string) =>
  `await page.getByLabel('Note').fill(${JSON.stringify(text)});
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('listitem').filter({ hasText: ${JSON.stringify(text)} }).waitFor();
    return undefined;`;

export function kitProjectFiles(options: KitProjectOptions = {}): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'notes-simulator', type: 'module', private: true }),
    'src/index.ts': `import { defineSimulator, html } from '@proctor/simulators/kit';
import { testCases } from './testCases';

export default defineSimulator({
  name: 'notes',
  title: 'Notes',
  description: 'A list of notes',
  image: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
  version: '1.0.0',
  notes: '',
  license: 'MIT',
  auth: { user: 'ana@example.com', password: 'notes-26', signInPath: '/login', defaultAccess: 'public' },
  schema: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);',
  seed: ({ db }) => {
    db.prepare('INSERT INTO notes (text) VALUES (?)').run('bread');
  },
  clock: { start: '2026-01-05T09:00:00.000Z' },
  layouts: {
    default: (page) =>
      html\`<!doctype html><html><head><title>\${page.title}</title><link rel="stylesheet" href="/assets/app.css"></head><body>\${page.body}</body></html>\`,
  },
  routes: (app) => {
    app.get('/', (ctx) => {
      const notes = ctx.db.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[];
      return ctx.render({
        title: 'Notes',
        body: html\`<ul>\${notes.map((note) => html\`<li>\${note.text}</li>\`)}</ul><form method="post" action="/notes"><label>Note <input name="text"></label><button>Add</button></form>\`,
      });
    });
    app.post('/notes', (ctx) => {
      ctx.db.prepare('INSERT INTO notes (text) VALUES (?)').run(ctx.form.get('text') ?? '');
      return ctx.redirect('/');
    });
  },
  assets: new URL('./assets/', import.meta.url),
  testCases,
});
`,
    'src/testCases.ts': `import type { TestCaseDefinition } from '@proctor/simulators/kit';

export const testCases: TestCaseDefinition[] = [
  {
    key: 'add-milk',
    name: 'Add milk',
    prompt: 'Add a note saying milk.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [{ action: 'INSERT', table_name: 'notes', changes: { text: 'milk' } }],
    solve: async (page, ctx) => {
    ${options.solve ?? addNote('milk')}
    },
    wrong: async (page, ctx) => {
    ${options.wrong ?? addNote('eggs')}
    },
  },
];
`,
    'src/assets/app.css': 'body { font-family: sans-serif; }\n',
    ...options.files,
  };
}

/** Writes the project into a new temporary folder, readable by all (a sandbox's `nobody` reads it as a checkout). */
export async function writeKitProject(options: KitProjectOptions = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proctor-kit-project-'));
  await chmod(dir, 0o755);
  for (const [path, text] of Object.entries(kitProjectFiles(options))) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}
