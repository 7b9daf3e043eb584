import http from 'node:http';

export interface UploadAnswer {
  status?: number;
  connection?: string;
  body: string;
  /** What the client's side of the connection reported (EPIPE, ECONNRESET …); undefined when all went well. */
  error?: string;
}

/**
 * Sends `body` the way a streaming client does (64 kB writes, waiting when the socket is full; with its length,
 * or chunked) over a connection of its own, and reads what comes back: the answer to a body refused halfway
 * must reach the client whole, without a reset or a broken pipe.
 */
export function uploadStreamed(
  url: URL,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body: Buffer; chunked?: boolean },
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const { body } = options;
    const headers = { ...options.headers };
    if (!options.chunked) headers['content-length'] = body.length;
    const req = http.request(url, { method: options.method ?? 'PUT', headers, agent: false });
    const answer: UploadAnswer = { body: '' };
    req.on('response', (res) => {
      answer.status = res.statusCode;
      answer.connection = res.headers.connection;
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        answer.body += text;
      });
    });
    req.on('error', (error) => {
      answer.error = error.message;
    });
    req.on('close', () => resolve(answer));
    let sent = 0;
    const writeMore = () => {
      while (sent < body.length) {
        const chunk = body.subarray(sent, sent + 64 * 1024);
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}
