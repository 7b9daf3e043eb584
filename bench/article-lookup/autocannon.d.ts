// autocannon ships no types and @types/autocannon is not installed; only what load.ts uses.
declare module 'autocannon' {
  interface Request {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request) => Request }[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
