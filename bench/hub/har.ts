import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { endpoints } from '@proctor/contracts';
import type { DatabaseConfig } from '@proctor/db';
import { signUp } from '../support/accounts';
import type { Section, SectionContext } from '../support/section';
import { createThrowawayDatabase } from '../support/throwawayDatabase';

const run = promisify(execFile);

/** The size of the HAR the section uploads: the largest HAR_MAX_BYTES accepts by default, less the margin. */
const HAR_BYTES = 195 * 1024 * 1024;
/** How often the server's memory is sampled during the upload. */
const SAMPLE_MS = 20;

const header = (name: string, value: string) => ({ name, value });

/**
 * One page of a signed-in web app as Chrome saves it: the document, scripts and stylesheets, images (base64),
 * and API calls carrying a bearer token and cookies, so that redaction has real work on every page.
 */
function pageEntries(page: number): unknown[] {
  const started = new Date(Date.UTC(2026, 10, 1, 10) + page * 5_000).toISOString();
  const pageref = `page_${page}`;
  const token = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLSR7cGFnZX0ifQ.sig${page.toString(36).padStart(20, 'x')}`;
  const entry = (url: string, mimeType: string, text: string, extra: Record<string, unknown> = {}) => ({
    pageref,
    startedDateTime: started,
    time: 35,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [{ name: 'sid', value: `sid-${page}-secret` }],
      headers: [header('Authorization', `Bearer ${token}`), header('Cookie', `sid=sid-${page}-secret`)],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [header('Content-Type', mimeType), header('Set-Cookie', `sid=sid-${page}-next; HttpOnly`)],
      content: { size: text.length, mimeType, text, ...extra },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 1, wait: 30, receive: 4 },
  });
  const origin = 'https://app.example.com';
  const rows = Array.from(
    { length: 120 },
    (_, row) => `<tr><td>Row ${row} of page ${page}</td><td>${'lorem ipsum '.repeat(10)}</td></tr>`,
  ).join('');
  const entries: unknown[] = [entry(`${origin}/pages/${page}`, 'text/html', `<table>${rows}</table>`)];
  for (let script = 0; script < 4; script += 1)
    entries.push(
      entry(
        `${origin}/static/chunk-${page}-${script}.js`,
        'application/javascript',
        `/* chunk ${script} */\n${`function f${script}(a){return a*${page}+${script};}\n`.repeat(1_400)}`,
      ),
    );
  for (let image = 0; image < 4; image += 1)
    entries.push(
      entry(
        `${origin}/img/${page}-${image}.png`,
        'image/png',
        Buffer.alloc(24_000, (page * 7 + image) % 251).toString('base64'),
        { encoding: 'base64' },
      ),
    );
  for (let call = 0; call < 8; call += 1)
    entries.push(
      entry(
        `${origin}/api/items?page=${page}&call=${call}&access_token=${token}`,
        'application/json',
        JSON.stringify({
          items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Item ${i}`, page })),
          session: { token },
        }),
      ),
    );
  return entries;
}

/** Writes a HAR of about `bytes` to `path`, a page at a time (never held whole). */
export async function writeHar(path: string, bytes: number): Promise<{ entries: number; bytes: number }> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"pages":[],"entries":[');
  let written = 0;
  let entries = 0;
  for (let page = 0; written < bytes; page += 1) {
    for (const entry of pageEntries(page)) {
      const text = `${entries === 0 ? '' : ','}${JSON.stringify(entry)}`;
      written += text.length;
      entries += 1;
      await write(text);
    }
  }
  await write(']}}');
  out.end();
  await once(out, 'close');
  return { entries, bytes: statSync(path).size };
}

/**
 * Sends the HAR as the dashboard does (multipart: simulator_id, then har_file), streamed from disk by hand:
 * fetch's FormData reads a file whole before sending, which would count the client's copy as the server's memory.
 */
async function uploadFromDisk(url: string, accessToken: string, path: string) {
  const boundary = `----proctor-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="simulator_id"\r\n\r\nshop\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="har_file"; filename="large.har"\r\n` +
      'Content-Type: application/json\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = httpRequest(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': head.length + statSync(path).size + tail.length,
    },
  });
  const answered = once(request, 'response') as Promise<[IncomingMessage]>;
  request.write(head);
  await pipeline(createReadStream(path), request, { end: false });
  request.end(tail);
  const [response] = await answered;
  let body = '';
  for await (const chunk of response) body += chunk;
  return { status: response.statusCode ?? 0, body };
}

interface ImportFigures {
  seconds: number;
  mbPerSecond: number;
  extraMb: number;
  /** The peak of JavaScript's heap and buffers (WebAssembly's memory included) above what they held before. */
  extraLiveMb: number;
}

/** What JavaScript holds: its heap in use and the memory of buffers outside it. */
const live = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

/** One upload of the file to a fresh Proctor on `database`, timed, with the process's memory sampled. */
async function importOnce(
  ctx: SectionContext,
  name: string,
  database: DatabaseConfig,
  har: { path: string; bytes: number; entries: number },
): Promise<ImportFigures> {
  const { baseUrl } = await ctx.startProctor(name, database);
  const account = await signUp(baseUrl, name);
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const liveBefore = live();
  let peak = before;
  let livePeak = liveBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    livePeak = Math.max(livePeak, live());
  }, SAMPLE_MS);
  ctx.progress(`${name}: uploading ${(har.bytes / 1024 ** 2).toFixed(0)} MB, ${har.entries} entries`);
  const started = performance.now();
  const response = await uploadFromDisk(
    `${baseUrl}${endpoints.uploadHar.path}`,
    account.accessToken,
    har.path,
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const answer = JSON.parse(response.body) as { requests_count?: number; detail?: string };
  if (response.status !== 200) throw new Error(`The upload answered ${response.status}: ${answer.detail}`);
  if (answer.requests_count !== har.entries)
    throw new Error(`The session holds ${answer.requests_count} requests, the HAR ${har.entries}`);
  return {
    seconds,
    mbPerSecond: har.bytes / 1024 ** 2 / seconds,
    extraMb: (peak - before) / 1024 ** 2,
    extraLiveMb: (livePeak - liveBefore) / 1024 ** 2,
  };
}

/**
 * HAR import at the largest size accepted: how fast `POST /api/session/from-har` turns the file into a session
 * (MB of HAR a second, from the first byte sent to the answer) and how much memory the server takes for it (the
 * peak of this process's resident memory above what it held before, sampled every 20 ms: the server runs in
 * this process; the file is written by another and the upload streams from disk; beside it the peak of the heap
 * and buffers, which RSS hides when the import fits in memory the process already had). On the embedded database
 * and, with DATABASE_URL, on a throwaway PostgreSQL database: there the process holds only the import itself,
 * while the embedded database's own page cache fills inside it.
 */
export const harSection: Section = {
  key: 'har',
  title: 'HAR import at 200 MB (POST /api/session/from-har)',
  async run(ctx) {
    const path = join(ctx.dataDir, 'large.har');
    ctx.progress('writing a HAR of about 195 MB (in a process of its own)');
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      fileURLToPath(new URL('./writeHarFile.ts', import.meta.url)),
      path,
      String(HAR_BYTES),
    ]);
    const har = { path, ...(JSON.parse(stdout) as { entries: number; bytes: number }) };
    const measured: [string, ImportFigures][] = [
      [
        'embedded (PGlite)',
        await importOnce(ctx, 'har-pglite', { kind: 'pglite', dataDir: join(ctx.dataDir, 'har-db') }, har),
      ],
    ];
    if (ctx.postgresAdminUrl) {
      const database = await createThrowawayDatabase(ctx.postgresAdminUrl, 'proctor_bench_har');
      ctx.teardown.add(`database ${database.name}`, () => database.drop());
      measured.push([
        'PostgreSQL',
        await importOnce(ctx, 'har-postgres', { kind: 'postgres', url: database.url }, har),
      ]);
    }
    const megabytes = har.bytes / 1024 ** 2;
    return {
      figures: { bytes: har.bytes, entries: har.entries, imports: Object.fromEntries(measured) },
      rows: [
        ['HAR size', `${megabytes.toFixed(0)} MB, ${har.entries} entries`, ''],
        ...measured.flatMap(([label, figures]) => [
          [`${label}: upload to session`, `${figures.seconds.toFixed(1)} s`, ''],
          [`${label}: import speed`, `${figures.mbPerSecond.toFixed(1)} MB/s`, '≥ 20 MB/s'],
          [`${label}: extra memory (peak RSS)`, `${figures.extraMb.toFixed(0)} MB`, '≤ 150 MB'],
          // RSS grows only past what the process already had from the system (its start-up's garbage among
          // it): this one counts what the import itself held, garbage not yet collected included.
          [`${label}: peak heap and buffers above before`, `${figures.extraLiveMb.toFixed(0)} MB`, ''],
        ]),
      ],
      goals: measured.flatMap(([label, figures]) => [
        {
          goal: `HAR import ≥ 20 MB/s (${label})`,
          measured: `${figures.mbPerSecond.toFixed(1)} MB/s`,
          met: figures.mbPerSecond >= 20,
        },
        {
          goal: `HAR import ≤ 150 MB extra memory (${label})`,
          measured: `${figures.extraMb.toFixed(0)} MB`,
          met: figures.extraMb <= 150,
        },
      ]),
      notes: ctx.postgresAdminUrl ? [] : ['Without DATABASE_URL the PostgreSQL import is not measured.'],
    };
  },
};
