import http from 'node:http';
import type net from 'node:net';
import { MSG } from '@mde/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiSecurityHeaders } from './security';

// Failures Fastify and Node answer before any route runs, in the app's German { message, code } shape:
// their own answers were English and echoed the path.

/** A path that does not decode (`%ZZ`), a parameter over the router's limit, a failed route constraint. */
export function frameworkErrorHandler(https: boolean) {
  const headers = apiSecurityHeaders(https);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return reply.code(414).send({ message: MSG.uriTooLong, code: 'URI_TOO_LONG' });
    }
    if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ message: MSG.badRequest, code: 'BAD_URL' });
    return reply.code(400).send({ message: MSG.badRequest, code: 'BAD_REQUEST' });
  };
}

function clientErrorAnswer(error: NodeJS.ErrnoException) {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: MSG.requestTimeout, code: 'TIMEOUT' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: MSG.headersTooLarge, code: 'HEADERS_TOO_LARGE' };
  }
  return { status: 400, message: MSG.badRequest, code: 'BAD_REQUEST' };
}

/**
 * What Node's HTTP parser refuses (Transfer-Encoding beside Content-Length, broken request lines, headers
 * too large) and requests past their time: answered on the socket, which is then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: net.Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const answer = clientErrorAnswer(error);
    const body = JSON.stringify({ message: answer.message, code: answer.code });
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
