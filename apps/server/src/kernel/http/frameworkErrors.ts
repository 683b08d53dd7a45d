import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { refuseOnSocket } from './socketRefusal';

/**
 * Errors Fastify's router raises before a route is found. Its own answers have another shape
 * ({error, code, message}); every error Proctor sends is `{detail}`.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ detail: 'A part of the path is too long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ detail: 'The path is not valid: malformed %-encoding' });
  }
  return reply.status(400).send({ detail: 'Bad request' });
};

/**
 * Requests Node's HTTP parser refuses (malformed request line or headers, headers too large, a client too
 * slow to send them): answered on the socket, as Fastify's default does, but as `{detail}`.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error: Error & { code?: string },
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed HTTP request'];
  refuseOnSocket(socket, status, detail, error);
};
