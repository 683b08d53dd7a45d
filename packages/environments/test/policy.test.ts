import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CdpPolicy, filesInside, isNavigableUrl, judgeCommand } from '../src/cdp/policy';

const root = mkdtempSync(join(tmpdir(), 'proctor-env-test-policy-'));
const policy: CdpPolicy = { uploadDir: join(root, 'uploads'), downloadDir: join(root, 'downloads') };
mkdirSync(policy.uploadDir);
mkdirSync(join(policy.uploadDir, 'folder'));
writeFileSync(join(policy.uploadDir, 'cv.pdf'), 'cv');
writeFileSync(join(root, 'secret.txt'), 'secret');
symlinkSync(join(root, 'secret.txt'), join(policy.uploadDir, 'link-out.txt'));
symlinkSync(join(policy.uploadDir, 'cv.pdf'), join(root, 'link-in.pdf'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const judge = (method: string, params?: Record<string, unknown>, sessionId?: string) =>
  judgeCommand({ id: 7, method, ...(params ? { params } : {}), ...(sessionId ? { sessionId } : {}) }, policy);

describe('isNavigableUrl', () => {
  it.each([
    'http://shop.localhost:4100/cart',
    'https://example.com/',
    'data:text/html,<title>x</title>',
    'about:blank',
    'about:blank#top',
    'ABOUT:BLANK',
  ])('should allow %s', (url) => {
    expect(isNavigableUrl(url)).toBe(true);
  });

  it.each([
    'file:///etc/hostname',
    ' file:///etc/hostname',
    'FILE:///etc/hostname',
    'fi\tle:///etc/hostname',
    'chrome://settings',
    'chrome-extension://abc/page.html',
    'chrome-untrusted://terminal/',
    'devtools://devtools/bundled/inspector.html',
    'view-source:https://example.com/',
    'javascript:alert(1)',
    'blob:http://example.com/0b1c',
    'filesystem:http://example.com/temporary/x',
    'about:version',
    'about:blank/../settings',
    'example.com',
    '',
  ])('should refuse %j', (url) => {
    expect(isNavigableUrl(url)).toBe(false);
  });
});

describe('filesInside', () => {
  it('should accept regular files of the folder, also through a symlink that resolves inside', async () => {
    expect(await filesInside([join(policy.uploadDir, 'cv.pdf')], policy.uploadDir)).toBe(true);
    expect(await filesInside([join(root, 'link-in.pdf')], policy.uploadDir)).toBe(true);
    expect(await filesInside([], policy.uploadDir)).toBe(true);
  });

  it.each([
    ['a file outside', [join(root, 'secret.txt')]],
    ['a symlink that leads out', [join(policy.uploadDir, 'link-out.txt')]],
    ['a path that climbs out', [join(policy.uploadDir, '..', 'secret.txt')]],
    ['a relative path', ['cv.pdf']],
    ['a directory', [join(policy.uploadDir, 'folder')]],
    ['the folder itself', [policy.uploadDir]],
    ['a missing file', [join(policy.uploadDir, 'missing.pdf')]],
    ['one bad file among good ones', [join(policy.uploadDir, 'cv.pdf'), '/etc/hostname']],
    ['not a list', join(policy.uploadDir, 'cv.pdf')],
    ['not a string', [42]],
  ])('should refuse %s', async (_case, files) => {
    expect(await filesInside(files, policy.uploadDir)).toBe(false);
  });
});

describe('judgeCommand', () => {
  it('should forward ordinary commands unchanged, with their session', async () => {
    expect(await judge('Runtime.evaluate', { expression: '1' }, 'S1')).toEqual({
      action: 'forward',
      message: { id: 7, method: 'Runtime.evaluate', params: { expression: '1' }, sessionId: 'S1' },
    });
    expect(await judge('Target.getTargets')).toMatchObject({ action: 'forward' });
  });

  it.each([
    'Browser.crash',
    'Browser.crashGpuProcess',
    'Browser.executeBrowserCommand',
    'Browser.getBrowserCommandLine',
    'SystemInfo.getInfo',
    'SystemInfo.getProcessInfo',
    'Extensions.loadUnpacked',
    'PWA.launchFilesInApp',
    'Target.exposeDevToolsProtocol',
    'Target.setRemoteLocations',
    'Target.sendMessageToTarget',
    'Target.openDevTools',
  ])('should refuse %s, in a session too', async (method) => {
    const reason = `${method} is not allowed in a Proctor environment`;
    expect(await judge(method)).toEqual({ action: 'refuse', reason });
    expect(await judge(method, {}, 'S1')).toEqual({ action: 'refuse', reason });
  });

  it('should turn Browser.close into a disconnection', async () => {
    expect(await judge('Browser.close')).toEqual({ action: 'disconnect' });
  });

  it('should force the download folder and let deny and default through', async () => {
    for (const method of ['Browser.setDownloadBehavior', 'Page.setDownloadBehavior']) {
      for (const behavior of ['allow', 'allowAndName']) {
        expect(await judge(method, { behavior, downloadPath: '/home/someone' }, 'S1')).toEqual({
          action: 'forward',
          message: {
            id: 7,
            method,
            params: { behavior, downloadPath: policy.downloadDir },
            sessionId: 'S1',
          },
        });
      }
      for (const behavior of ['deny', 'default'])
        expect(await judge(method, { behavior })).toMatchObject({
          action: 'forward',
          message: { params: { behavior } },
        });
    }
  });

  it('should judge navigations by their URL', async () => {
    expect(await judge('Page.navigate', { url: 'https://example.com/' }, 'S1')).toMatchObject({
      action: 'forward',
    });
    expect(await judge('Page.navigate', { url: 'file:///etc/hostname' }, 'S1')).toEqual({
      action: 'refuse',
      reason:
        'Page.navigate is not allowed in a Proctor environment: only http, https, data and about:blank URLs can be opened',
    });
    expect(await judge('Page.navigate', {})).toMatchObject({ action: 'refuse' });
    expect(await judge('Target.createTarget', { url: '' })).toMatchObject({ action: 'forward' });
    expect(await judge('Target.createTarget', { url: 'about:blank' })).toMatchObject({ action: 'forward' });
    expect(await judge('Target.createTarget', { url: 'chrome://settings' })).toMatchObject({
      action: 'refuse',
    });
  });

  it('should refuse a new tab once the browser holds as many as its cap allows', async () => {
    let open = 2;
    const capped: CdpPolicy = { ...policy, tabs: { max: 3, open: async () => open } };
    const createTarget = { id: 8, method: 'Target.createTarget', params: { url: 'about:blank' } };
    expect(await judgeCommand(createTarget, capped)).toMatchObject({ action: 'forward' });
    open = 3;
    expect(await judgeCommand(createTarget, capped)).toEqual({
      action: 'refuse',
      reason: 'At most 3 tabs may be open in a Proctor environment',
    });
    // Other commands are not counted against it.
    expect(await judgeCommand({ id: 9, method: 'Page.reload', sessionId: 'S1' }, capped)).toMatchObject({
      action: 'forward',
    });
  });

  it('should let only uploads-folder files into file inputs and drags', async () => {
    const inside = join(policy.uploadDir, 'cv.pdf');
    expect(await judge('DOM.setFileInputFiles', { files: [inside], nodeId: 3 }, 'S1')).toMatchObject({
      action: 'forward',
    });
    expect(await judge('DOM.setFileInputFiles', { files: ['/etc/hostname'], nodeId: 3 }, 'S1')).toEqual({
      action: 'refuse',
      reason:
        'DOM.setFileInputFiles is not allowed in a Proctor environment: files must be inside the environment uploads folder',
    });
    const drag = (files?: unknown) =>
      judge('Input.dispatchDragEvent', {
        type: 'drop',
        x: 1,
        y: 1,
        data: { items: [], dragOperationsMask: 1, files },
      });
    expect(await drag()).toMatchObject({ action: 'forward' });
    expect(await drag([inside])).toMatchObject({ action: 'forward' });
    expect(await drag(['/etc/hostname'])).toMatchObject({ action: 'refuse' });
  });

  it('should accept flat sessions only', async () => {
    expect(await judge('Target.attachToTarget', { targetId: 'T', flatten: true })).toMatchObject({
      action: 'forward',
    });
    expect(await judge('Target.attachToTarget', { targetId: 'T' })).toMatchObject({ action: 'refuse' });
    expect(
      await judge('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }),
    ).toMatchObject({ action: 'forward' });
    expect(
      await judge('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false }),
    ).toMatchObject({
      action: 'refuse',
    });
    expect(
      await judge('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false }),
    ).toMatchObject({
      action: 'forward',
    });
  });

  it('should refuse contexts that lift the same-origin policy', async () => {
    expect(await judge('Target.createBrowserContext', { disposeOnDetach: true })).toMatchObject({
      action: 'forward',
    });
    expect(
      await judge('Target.createBrowserContext', {
        originsWithUniversalNetworkAccess: ['http://a.localhost'],
      }),
    ).toMatchObject({ action: 'refuse' });
  });

  it("should refuse contexts that would change the environment's network proxy", async () => {
    for (const params of [
      { proxyServer: 'http://127.0.0.1:5432' },
      { proxyServer: '' },
      { proxyBypassList: '<-loopback>' },
      { proxyServer: 'direct://', proxyBypassList: '*' },
    ])
      expect(await judge('Target.createBrowserContext', params)).toMatchObject({
        action: 'refuse',
        reason: expect.stringContaining('network proxy'),
      });
  });
});
