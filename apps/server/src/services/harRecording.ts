import type { Database } from '@proctor/db';
import { exchangeRow } from '../environments/proxySimulator';
import { badRequest } from '../kernel/http/errors';
import { type BlobStore, readAll } from '../kernel/storage/blobs';
import {
  copyExchanges,
  finishRecording,
  insertExchanges,
  insertRecording,
  lastExchangeSeq,
  latestFinishedRecording,
  type NewProxyExchange,
} from '../repositories/proxyRecordings';
import type { SimulatorRow } from '../repositories/simulators';
import { createHarSession, type ImportedHar, type ImportedRequest } from './harUpload';

/** `add_to_recording` as a multipart field: true, 1, yes or on. */
export function isAddToRecording(value: string): boolean {
  return ['true', '1', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** A response body as imported: in its row, or in the blob store (the session's, written as the file was read). */
async function responseBody(blobs: BlobStore, request: ImportedRequest): Promise<Buffer> {
  const range = request.response_body_blob;
  if (range === null) return Buffer.from(request.response_body ?? '', 'base64');
  const body = await blobs.streamRange(range.key, range);
  if (!body) throw new Error(`The imported body ${range.key} is missing`);
  return readAll(body);
}

/** A batch of a HAR's answered entries (already redacted) as exchanges from `firstSeq` on; bodies stored first. */
async function harExchanges(
  blobs: BlobStore,
  requests: readonly ImportedRequest[],
  firstSeq: number,
): Promise<NewProxyExchange[]> {
  const rows: NewProxyExchange[] = [];
  for (const request of requests) {
    if (request.status === null) continue;
    rows.push(
      await exchangeRow(
        blobs,
        firstSeq + rows.length,
        {
          method: request.method,
          url: request.url,
          headers: request.request_headers,
          body: Buffer.from(request.request_body ?? '', 'utf8'),
          contentType: request.request_headers['content-type'],
        },
        {
          status: request.status,
          headers: request.response_headers,
          body: await responseBody(blobs, request),
          truncated: request.truncated,
        },
      ),
    );
  }
  return rows;
}

/**
 * The HAR's session, and with `add_to_recording` its entries added to the proxy simulator's recording: a new
 * version made of the latest finished one's exchanges and then the HAR's (a version never changes once
 * finished), all in the session's transaction. Only a proxy simulator records (400 otherwise).
 */
export async function createHarSessionAndRecording(
  db: Database,
  blobs: BlobStore,
  owner: { organizationId: number; userId: number | null },
  simulator: SimulatorRow,
  imported: ImportedHar,
  addToRecording: boolean,
) {
  if (!addToRecording) return createHarSession(db, owner, simulator, imported);
  if (simulator.simType !== 'proxy')
    throw badRequest(`add_to_recording needs a proxy simulator; "${simulator.name}" is not one`);
  return db.transaction(async (tx) => {
    const session = await createHarSession(tx, owner, simulator, imported);
    const latest = await latestFinishedRecording(tx, simulator.id);
    const recording = await insertRecording(tx, {
      simulatorId: simulator.id,
      source: 'har',
      sessionPublicId: session.publicId,
      createdBy: owner.userId,
    });
    let seq = 0;
    if (latest) {
      await copyExchanges(tx, latest.id, recording.id);
      seq = (await lastExchangeSeq(tx, latest.id)) + 1;
    }
    // Bodies are content-addressed blobs, written before their rows: one a failure leaves behind is harmless.
    for await (const batch of imported.requests()) {
      const exchanges = await harExchanges(blobs, batch, seq);
      seq += exchanges.length;
      await insertExchanges(tx, recording.id, exchanges);
    }
    await finishRecording(tx, recording.id);
    return session;
  });
}
