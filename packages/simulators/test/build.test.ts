import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleSimulator,
  findSimulatorDefinition,
  importSimulatorBundle,
  OutputArchiveReader,
  PROJECT_TREE_FOLDER,
  SimulatorBuildError,
  writeOutputArchive,
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

describe("the build output's archive (how the sandbox hands its output over)", () => {
  /** The archive of `files` as a byte stream, as the build program writes it. */
  async function archiveOf(files: Record<string, string>, link?: string): Promise<Buffer> {
    const source = await outFolder();
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), text);
    }
    if (link) await symlink('/etc/hostname', join(source, link));
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeOutputArchive(source, stream);
    return Buffer.concat(chunks);
  }

  /** Reads `bytes` a few at a time (a pipe delivers any split) into a new folder. */
  async function read(bytes: Buffer, maxBytes = 1024 ** 2) {
    const folder = await outFolder();
    const reader = new OutputArchiveReader(folder, maxBytes);
    for (let at = 0; at < bytes.length; at += 7) reader.push(bytes.subarray(at, at + 7));
    return { folder, files: reader.finish() };
  }

  it('carries the regular files, not links, and writes them where they were', async () => {
    const bytes = await archiveOf(
      { 'simulator.mjs': 'export {};\n', 'tree/src/assets/app.css': 'body {}\n', 'tree/empty.txt': '' },
      'tree/host.txt',
    );
    const { folder, files } = await read(bytes);
    expect((await files).sort()).toEqual(['simulator.mjs', 'tree/empty.txt', 'tree/src/assets/app.css']);
    expect(await readFile(join(folder, 'tree/src/assets/app.css'), 'utf8')).toBe('body {}\n');
    expect(existsSync(join(folder, 'tree/host.txt'))).toBe(false);
  });

  it('refuses a path out of its folder, a cut-off file and too much', async () => {
    const evil = Buffer.from(`${JSON.stringify({ path: '../escaped.txt', size: 2 })}\nhi`);
    const escaped = await read(evil);
    await expect(escaped.files).rejects.toThrow(
      'the build wrote the path "../escaped.txt", which leaves its folder',
    );
    expect(existsSync(join(dirname(escaped.folder), 'escaped.txt'))).toBe(false);
    await expect((await read(Buffer.from('{"path":"/etc/x","size":1}\nx'))).files).rejects.toThrow(
      'a path that is not a relative path',
    );
    const whole = await archiveOf({ 'seed.sqlite': 'x'.repeat(100) });
    await expect((await read(whole.subarray(0, whole.length - 1))).files).rejects.toThrow(
      'ends in the middle of a file',
    );
    await expect((await read(whole, 64)).files).rejects.toThrow("the build's output is larger than 64 bytes");
  });
});
