import type { SessionLog } from '@proctor/contracts';

export interface LogLine {
  id: number;
  source: string;
  type: string;
  message: string;
  timestamp: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * A log entry as the Logs section lists it (000 §3 Log entry): its source, `logData.type` and
 * `logData.message`; an out-of-distribution request without a message reads as its URL, and an entry
 * with neither as its data in JSON.
 */
export function logLine(log: SessionLog): LogLine {
  const data = log.logData;
  const request =
    typeof data.request === 'object' && data.request !== null
      ? (data.request as Record<string, unknown>)
      : null;
  return {
    id: log.id,
    source: text(data.source) ?? log.source,
    type: text(data.type) ?? '—',
    message: text(data.message) ?? text(request?.url) ?? JSON.stringify(data),
    timestamp: log.timestamp,
  };
}
