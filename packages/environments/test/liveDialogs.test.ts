import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LIVE_VIEW,
  LIVE_VIEW_CLOSE,
  type LiveDialogMessage,
  type LiveFileChooserMessage,
  type LivePageDialog,
} from '@proctor/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveView } from '../src/live';
import {
  launchChromium,
  PageProbe,
  serveSite,
  serveViewers,
  type TestBrowser,
  TestViewer,
  waitFor,
} from './liveBrowser';

const PAGE = `<!doctype html><title>Dialogs</title>
<style>body { margin: 0; } input, button { position: absolute; left: 100px; width: 300px; height: 40px; }</style>
<input id="text" style="top: 100px">
<input id="file" type="file" style="top: 200px">
<button id="leave" style="top: 300px" onclick="window.onbeforeunload = (e) => { e.preventDefault(); return ''; }">Guard</button>
<script>
  const text = document.getElementById('text');
  document.body.dataset.compositions = '';
  for (const type of ['compositionstart', 'compositionupdate', 'compositionend'])
    text.addEventListener(type, (event) => { document.body.dataset.compositions += type + ':' + event.data + ';'; });
  document.getElementById('file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    document.body.dataset.file = file.name + '=' + (await file.text());
  });
</script>`;

let browser: TestBrowser;
let site: { url: string; close(): void };
let probe: PageProbe;
let tabId: string;
let uploadsDir: string;
const opened: Array<{ close(): unknown }> = [];

async function liveView(): Promise<{ live: LiveView; join(): Promise<TestViewer> }> {
  const live = await LiveView.connect(browser.wsEndpoint, { uploadsDir });
  const server = await serveViewers((socket) => live.addViewer(socket));
  opened.push({ close: () => live.close() }, server);
  const join = async () => {
    const person = await TestViewer.connect(server.url);
    opened.push(person);
    await waitFor('a frame', () => person.lastFrame);
    return person;
  };
  return { live, join };
}

async function livePerson(): Promise<TestViewer> {
  return (await liveView()).join();
}

async function showPage(): Promise<void> {
  await probe.navigate(tabId, `${site.url}/`);
  await waitFor('the page loaded', async () => {
    const ready = await probe.evaluate<string>(tabId, 'document.title + document.readyState').catch(() => '');
    return ready === 'Dialogscomplete';
  });
}

function clickAt(person: TestViewer, x: number, y: number): void {
  const { width, metadata } = person.lastFrame!.header;
  const point = { x: (x * width) / metadata.deviceWidth, y: (y * width) / metadata.deviceWidth };
  person.send({ type: 'mouse', event: 'down', ...point, button: 'left', buttons: 1, clickCount: 1 });
  person.send({ type: 'mouse', event: 'up', ...point, button: 'left', buttons: 0, clickCount: 1 });
}

/** The next dialog the person is shown (past the `seen` first prompts). */
function nextDialog(person: TestViewer, seen: number): Promise<LivePageDialog> {
  return waitFor('a dialog', () => {
    const message = person.prompts
      .slice(seen)
      .find((m): m is LiveDialogMessage => m.type === 'dialog' && m.dialog !== null);
    return message?.dialog ?? undefined;
  });
}

function dataset(key: string): Promise<string | undefined> {
  return probe.evaluate<string | undefined>(tabId, `document.body.dataset.${key}`);
}

beforeAll(async () => {
  browser = await launchChromium();
  site = await serveSite({ '/': PAGE });
  probe = await PageProbe.connect(browser.wsEndpoint);
  tabId = (await waitFor('the first tab', async () => (await probe.pages())[0]))!.targetId;
}, 30_000);

beforeEach(() => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'proctor-uploads-'));
});

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

afterAll(() => {
  probe?.close();
  site?.close();
  browser?.close();
});

describe("live view: the page's dialogs, input methods, pastes and file choosers", () => {
  it('should show alert, confirm and prompt to the person and give the page their answers', async () => {
    await showPage();
    const person = await livePerson();

    // The probe's call returns at once; the dialogs open after it, one after the other.
    await probe.evaluate(
      tabId,
      `setTimeout(() => {
        alert('Saved');
        const sure = confirm('Delete the order?');
        const name = prompt('Your name?', 'Ada');
        document.body.dataset.answers = JSON.stringify([sure, name]);
      })`,
    );
    expect(await nextDialog(person, 0)).toEqual({ kind: 'alert', message: 'Saved', defaultPrompt: '' });
    let seen = person.prompts.length;
    person.send({ type: 'dialog', accept: true });
    expect(await nextDialog(person, seen)).toMatchObject({ kind: 'confirm', message: 'Delete the order?' });
    seen = person.prompts.length;
    person.send({ type: 'dialog', accept: false });
    expect(await nextDialog(person, seen)).toEqual({
      kind: 'prompt',
      message: 'Your name?',
      defaultPrompt: 'Ada',
    });
    person.send({ type: 'dialog', accept: true, promptText: 'Grace Hopper' });

    await waitFor('the answers', async () => (await dataset('answers')) !== undefined);
    expect(JSON.parse((await dataset('answers'))!)).toEqual([false, 'Grace Hopper']);
    await waitFor('no dialog shown', () => (person.prompts.at(-1) as LiveDialogMessage).dialog === null);
  });

  it('should show a dialog that opened before the person joined, and take their answer', async () => {
    await showPage();
    const { live, join } = await liveView();
    const first = await join();
    await probe.evaluate(
      tabId,
      `setTimeout(() => { document.body.dataset.ok = String(confirm('Still there?')); })`,
    );
    await nextDialog(first, 0);
    // The dashboard reconnects (the screencast stops with the last viewer and starts again with the next).
    first.close();
    await waitFor('the last viewer gone', () => live.viewerCount === 0);
    const again = await join();
    expect(await nextDialog(again, 0)).toMatchObject({ kind: 'confirm', message: 'Still there?' });
    again.send({ type: 'dialog', accept: true });
    await waitFor('the answer', async () => (await dataset('ok')) === 'true');
    again.close();
    await waitFor('the screencast stopped once answered and unwatched', () => !live.stats().streaming);
  });

  it('should ask before the page unloads, and stay on it when the person says so', async () => {
    await showPage();
    const person = await livePerson();
    // A click through the live view: Chromium asks before unloading only a page the person used.
    clickAt(person, 250, 320);
    await waitFor('the guard set', () =>
      probe.evaluate<boolean>(tabId, 'window.onbeforeunload !== null').catch(() => false),
    );
    await probe.evaluate(tabId, 'document.body.dataset.stayed = "yes"');
    const seen = person.prompts.length;
    person.send({ type: 'navigate', action: 'reload' });
    expect((await nextDialog(person, seen)).kind).toBe('beforeunload');
    person.send({ type: 'dialog', accept: false });
    await waitFor('the dialog gone', () => (person.prompts.at(-1) as LiveDialogMessage).dialog === null);
    // A reload would have cleared the mark.
    expect(await dataset('stayed')).toBe('yes');
    // The next test's navigation must not be asked about.
    await probe.evaluate(tabId, 'window.onbeforeunload = null');
  });

  it('should type accented and CJK text through composition, and paste text', async () => {
    await showPage();
    const person = await livePerson();
    clickAt(person, 250, 120);
    await waitFor(
      'the input focused',
      async () => (await probe.evaluate(tabId, 'document.activeElement.id')) === 'text',
    );

    person.send({ type: 'text', text: 'caf' });
    person.send({ type: 'composition', text: '´', selectionStart: 1, selectionEnd: 1 });
    person.send({ type: 'text', text: 'é' });
    person.send({ type: 'text', text: ' ' });
    person.send({ type: 'composition', text: 'に', selectionStart: 1, selectionEnd: 1 });
    person.send({ type: 'composition', text: 'にほん', selectionStart: 3, selectionEnd: 3 });
    person.send({ type: 'text', text: '日本' });
    // A paste: the dashboard sends the clipboard's text as it is.
    person.send({ type: 'text', text: ' — pasted 👍' });

    const value = () => probe.evaluate<string>(tabId, 'document.getElementById("text").value');
    await waitFor('the text typed', async () => (await value()) === 'café 日本 — pasted 👍');
    expect(await dataset('compositions')).toBe(
      'compositionstart:;compositionupdate:´;compositionupdate:é;compositionend:é;' +
        'compositionstart:;compositionupdate:に;compositionupdate:にほん;compositionupdate:日本;compositionend:日本;',
    );
  });

  it("should put the person's file into the uploads folder and answer the page's file chooser with it", async () => {
    await showPage();
    const person = await livePerson();
    const content = `${'x'.repeat(LIVE_VIEW.uploadChunkBytes)}the end`;
    const bytes = Buffer.from(content);
    const pieces = [
      bytes.subarray(0, LIVE_VIEW.uploadChunkBytes),
      bytes.subarray(LIVE_VIEW.uploadChunkBytes),
    ];
    for (const [index, piece] of pieces.entries())
      person.send({
        type: 'upload',
        name: 'invoice.txt',
        first: index === 0,
        last: index === pieces.length - 1,
        data: piece.toString('base64'),
      });
    await waitFor('the file uploaded', () => readdirSync(uploadsDir).includes('invoice.txt'));
    await waitFor('the upload answered', () =>
      person.prompts.some((m) => m.type === 'uploaded' && m.name === 'invoice.txt' && m.error === null),
    );
    // One file more than may upload at once is refused, and said so; the socket stays.
    for (let i = 0; i <= LIVE_VIEW.maxConcurrentUploads; i++)
      person.send({ type: 'upload', name: `part${i}.bin`, first: true, last: false, data: 'AAAA' });
    const refusal = await waitFor('the refusal', () =>
      person.prompts.find((m) => m.type === 'uploaded' && m.error !== null),
    );
    expect(refusal).toMatchObject({ name: `part${LIVE_VIEW.maxConcurrentUploads}.bin` });

    expect(readFileSync(join(uploadsDir, 'invoice.txt'), 'utf8')).toBe(content);
    // Never offered: a hidden file, and a link to a file of the host.
    writeFileSync(join(uploadsDir, '.hidden'), 'no');
    symlinkSync('/etc/hostname', join(uploadsDir, 'host.txt'));

    clickAt(person, 250, 220);
    const chooser = await waitFor('the file chooser', () => {
      const message = person.prompts.find((m): m is LiveFileChooserMessage => m.type === 'fileChooser');
      return message?.chooser ?? undefined;
    });
    expect(chooser).toEqual({ multiple: false, files: [{ name: 'invoice.txt', size: bytes.length }] });
    person.send({ type: 'fileChooser', files: ['invoice.txt'] });
    await waitFor('the page read the file', async () => (await dataset('file')) === `invoice.txt=${content}`);
  });

  it('should refuse a chosen file outside the uploads folder, and close on a path', async () => {
    await showPage();
    const person = await livePerson();
    symlinkSync('/etc/hostname', join(uploadsDir, 'host.txt'));
    clickAt(person, 250, 220);
    await waitFor('the file chooser', () =>
      person.prompts.some((m) => m.type === 'fileChooser' && m.chooser),
    );
    person.send({ type: 'fileChooser', files: ['host.txt'] });
    await waitFor('the chooser answered', () => {
      const last = person.prompts.at(-1);
      return last?.type === 'fileChooser' && last.chooser === null;
    });
    expect(await probe.evaluate(tabId, 'document.getElementById("file").files.length')).toBe(0);

    person.socket.send(JSON.stringify({ type: 'fileChooser', files: ['../../etc/passwd'] }));
    await waitFor('the socket closed', () => person.closed);
    expect(person.closed?.code).toBe(LIVE_VIEW_CLOSE.invalidMessage.code);
  });
});
