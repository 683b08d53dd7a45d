// The thread a Liquid template renders in (templateRenderer.ts). Plain JavaScript so that it loads the same way
// under tsx, vitest and node, with no TypeScript loader in the thread.
import { parentPort } from 'node:worker_threads';
import { Liquid } from 'liquidjs';

/** No file system: {% include %} and {% render %} find nothing rather than read the server's files. */
const noFiles = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async (file) => {
    throw new Error(`No template named ${file}`);
  },
  readFileSync: (file) => {
    throw new Error(`No template named ${file}`);
  },
  resolve: (_root, file) => file,
};

parentPort.postMessage({ outcome: 'ready' });

parentPort.on('message', async ({ template, data, limits }) => {
  const engine = new Liquid({
    fs: noFiles,
    relativeReference: false,
    root: [],
    partials: [],
    layouts: [],
    parseLimit: limits.parseLimit,
    renderLimit: limits.renderLimit,
    memoryLimit: limits.memoryLimit,
  });
  try {
    const rendered = await engine.parseAndRender(template, data);
    if (Buffer.byteLength(rendered) > limits.outputBytes) parentPort.postMessage({ outcome: 'too_large' });
    else parentPort.postMessage({ outcome: 'rendered', rendered });
  } catch (error) {
    const position = error?.token?.getPosition?.();
    const message = String(error?.message ?? error).replace(/, line:\d+, col:\d+$/, '');
    parentPort.postMessage({
      outcome: 'failed',
      message,
      ...(position ? { line: position[0], column: position[1] } : {}),
    });
  }
});
