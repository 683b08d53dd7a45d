import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleSimulator,
  findSimulatorDefinition,
  importSimulatorBundle,
  PROJECT_TREE_FOLDER,
  SimulatorBuildError,
} from '../src/build/index';
import { SimulatorHost } from '../src/kit';
import { InstanceClient } from '../src/testing/index';
import { kitProjectFiles, writeKitProject } from './support/kitProject';

const folders: string[] = [];
async function project(files: Record<string, string> = {}): Promise<string> {
  const dir = await writeKitProject({ files });
  folders.push(dir);
  return dir;
}
async function outFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proctor-build-out-'));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('bundling a simulator pushed to the hub', () => {
  it('bundles the project, keeps the kit an import, and loads it with its assets', async () => {
    const checkout = await project();
    const out = await outFolder();
    const { file } = await bundleSimulator(checkout, out);
    const code = await readFile(file, 'utf8');
    // The project's code is in the bundle; the kit is not, only linked.
    expect(code).toContain('INSERT INTO notes');
    expect(code).toContain('from "./externals/kit.mjs"');
    expect(code).not.toContain('class SimulatorHost');
    expect(existsSync(join(out, PROJECT_TREE_FOLDER, 'src/assets/app.css'))).toBe(true);

    const simulator = await importSimulatorBundle(out);
    expect(simulator.name).toBe('notes');
    expect(simulator.testCases.map((testCase) => testCase.key)).toEqual(['add-milk']);
    // Served by this kit's host: its seeded page, and its stylesheet from the copied assets.
    const host = new SimulatorHost();
    const visitor = new InstanceClient(host.createInstance(simulator));
    expect((await visitor.get('/')).text).toContain('<li>bread</li>');
    expect((await visitor.get('/assets/app.css')).text).toBe(kitProjectFiles()['src/assets/app.css']);
    await host.close();
  });

  it('refuses an import that resolves outside the repository, even through a link', async () => {
    const checkout = await project();
    const outside = join(dirname(checkout), `${checkout.split('/').pop()}-secret.ts`);
    await writeFile(outside, 'export const secret = "host file";\n');
    folders.push(outside);
    const index = kitProjectFiles()['src/index.ts']!;

    await writeFile(
      join(checkout, 'src/index.ts'),
      `import { secret } from '${outside}';\nconsole.log(secret);\n${index}`,
    );
    const refused = bundleSimulator(checkout, await outFolder());
    await expect(refused).rejects.toThrow(SimulatorBuildError);
    await expect(refused).rejects.toThrow(
      /src\/index\.ts imports ".*-secret\.ts", which is outside the repository/,
    );

    await symlink(outside, join(checkout, 'src/linked.ts'));
    await writeFile(
      join(checkout, 'src/index.ts'),
      `import { secret } from './linked';\nconsole.log(secret);\n${index}`,
    );
    await expect(bundleSimulator(checkout, await outFolder())).rejects.toThrow(
      /imports "\.\/linked", which is outside the repository/,
    );

    await writeFile(join(checkout, 'src/index.ts'), `import '@proctor/simulators';\n${index}`);
    await expect(bundleSimulator(checkout, await outFolder())).rejects.toThrow(
      /may import only @proctor\/simulators\/kit/,
    );
  });

  it('does not copy a link to a host file into the output', async () => {
    const checkout = await project();
    await symlink('/etc/hostname', join(checkout, 'src/assets/host.txt'));
    const out = await outFolder();
    await bundleSimulator(checkout, out);
    expect(existsSync(join(out, PROJECT_TREE_FOLDER, 'src/assets/app.css'))).toBe(true);
    expect(existsSync(join(out, PROJECT_TREE_FOLDER, 'src/assets/host.txt'))).toBe(false);
  });

  it('says what is missing when there is no entry or no single definition', async () => {
    const checkout = await project();
    await rm(join(checkout, 'src/index.ts'));
    await expect(bundleSimulator(checkout, await outFolder())).rejects.toThrow(/has no src\/index\.ts/);
    expect(() => findSimulatorDefinition({ answer: 42 })).toThrow(/exports no simulator/);
    const definition = { name: 'a', schema: '', seed: () => {}, routes: () => {}, testCases: [] };
    expect(() => findSimulatorDefinition({ one: definition, two: { ...definition } })).toThrow(
      /exports 2 simulators \(one, two\)/,
    );
  });
});
