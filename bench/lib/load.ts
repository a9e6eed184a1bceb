import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  path: string;
  connections?: number;
  durationSeconds?: number;
  /** Stop after this many requests instead of after the duration. */
  amount?: number;
  headers?: Record<string, string>;
  /** A body for each request (called once per request, so bodies can differ). */
  body?: () => string;
  /** Sees each response body (to collect ids). */
  onResponse?: (status: number, body: string) => void;
}

/** Drives the server with autocannon (its own process would be fairer, but both sides share the run). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const headers = { 'content-type': 'application/json', ...options.headers };
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 10 }),
    requests: [
      {
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        setupRequest: (req) => (options.body ? { ...req, body: options.body() } : req),
        onResponse: options.onResponse ? (status, body) => options.onResponse!(status, body) : undefined,
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
