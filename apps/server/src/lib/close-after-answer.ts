import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused client may go on sending after its answer before the connection is closed anyway. */
const LINGER_MS = 5_000;

/**
 * For an answer given while the client is still sending its body (a 413 in the middle of an upload): the answer
 * says `Connection: close` (the returned headers), and the connection closes only once the client has stopped
 * sending. Node ends such a connection with `destroySoon`, i.e. closed as soon as the answer is written; bytes
 * of the body still arriving then make the kernel reset the connection, and the client loses the answer it has
 * not read yet ("connection reset" instead of the 413). Here the rest of the body is read and dropped, the
 * answer is followed by the end of our side only, and the socket closes when the client closes its side, at
 * the latest LINGER_MS later (the "lingering close" of RFC 9112 §9.6).
 */
export function closeAfterAnswer(request: IncomingMessage): Record<string, string> {
  request.resume();
  const socket = request.socket;
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
  return { connection: 'close' };
}
