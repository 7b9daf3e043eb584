import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon against one server; `paths` rotate per request so every connection scans different codes. */
export async function measure(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length] ?? '/';
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}
