import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@proctor/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What one recorded session takes in storage: its screenshot files in the blob store (content-addressed, so
 * a screenshot shared by two steps is one file) and its rows, each as stored (`pg_column_size` of the row:
 * jsonb or json, after PostgreSQL's compression of large values) and as JSON text (what it is before that).
 */
export interface StoredPart {
  rows: number;
  storedBytes: number;
  jsonBytes: number;
}

export interface RecordingSize {
  steps: number;
  /** Steps with an after-state screenshot (mouse_move steps have none). */
  stepsWithScreenshots: number;
  screenshots: { files: number; bytes: number };
  /**
   * The after-states' bytes as if no two were alike (the content addressing shares identical screenshots: an
   * agent going back and forth between two pages stores few files; one that never returns stores about this).
   */
  unsharedScreenshotBytes: number;
  parts: { steps: StoredPart; rrweb: StoredPart; mutations: StoredPart; requests: StoredPart };
  /** Screenshots plus every part as stored. */
  totalBytes: number;
}

type Rows<T> = { rows: T[] };

async function storedPart(db: Database, table: SQL, where: SQL): Promise<StoredPart> {
  const { rows } = (await db.execute(sql`
    select count(*)::int as rows, coalesce(sum(pg_column_size(t.*)), 0)::bigint as stored,
      coalesce(sum(octet_length(row_to_json(t)::text)), 0)::bigint as json
    from ${table} t where ${where}`)) as unknown as Rows<{
    rows: number;
    stored: string | number;
    json: string | number;
  }>;
  const [row] = rows;
  return {
    rows: Number(row?.rows ?? 0),
    storedBytes: Number(row?.stored ?? 0),
    jsonBytes: Number(row?.json ?? 0),
  };
}

async function folderBytes(folder: string): Promise<{ files: number; bytes: number }> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return { files: 0, bytes: 0 };
  }
  const files = names.filter((name) => !name.endsWith('.part'));
  const sizes = await Promise.all(files.map(async (name) => (await stat(join(folder, name))).size));
  return { files: files.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/** `blobsRoot`: the blob store's folder (DATA_DIR/blobs), where a session's screenshots are under sessions/<id>/. */
export async function recordingSize(
  db: Database,
  blobsRoot: string,
  session: { id: number; publicId: string },
): Promise<RecordingSize> {
  const id = session.id;
  const [steps, rrweb, mutations, requests, shots] = await Promise.all([
    storedPart(db, sql`session_steps`, sql`t.session_id = ${id}`),
    storedPart(db, sql`session_events`, sql`t.session_id = ${id} and t.kind = 'rrweb'`),
    storedPart(db, sql`session_events`, sql`t.session_id = ${id} and t.kind = 'mutations'`),
    storedPart(db, sql`network_requests`, sql`t.session_id = ${id}`),
    db.execute(sql`
      select count(*)::int as n, coalesce(sum((after_state -> 'screenshot' ->> 'bytes')::bigint), 0)::bigint as bytes
      from session_steps
      where session_id = ${id} and jsonb_typeof(after_state -> 'screenshot') = 'object'`),
  ]);
  const [shotRow] = (shots as unknown as Rows<{ n: number; bytes: string | number }>).rows;
  const screenshots = await folderBytes(join(blobsRoot, 'sessions', session.publicId));
  const parts = { steps, rrweb, mutations, requests };
  return {
    steps: steps.rows,
    stepsWithScreenshots: Number(shotRow?.n ?? 0),
    unsharedScreenshotBytes: Number(shotRow?.bytes ?? 0),
    screenshots,
    parts,
    totalBytes: screenshots.bytes + Object.values(parts).reduce((sum, part) => sum + part.storedBytes, 0),
  };
}
