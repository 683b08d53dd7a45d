import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Answers a request on its raw socket, where no reply object exists (a refused upgrade, a request Node's
 * parser turned away), with Proctor's `{detail}` body; then closes the socket, with the error if there is one.
 */
export function refuseOnSocket(socket: Duplex, status: number, detail: string, error?: Error): void {
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
