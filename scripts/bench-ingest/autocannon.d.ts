// Types for the parts of autocannon 9 (a CommonJS package without bundled types) the ingestion benchmark uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }
    interface Request extends RequestParams {
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, unknown>) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      timeout?: number;
      overallRate?: number;
      connectionRate?: number;
      ignoreCoordinatedOmission?: boolean;
      expectBody?: string;
      requests?: Request[];
      setupClient?: (client: EventEmitter) => void;
      method?: string;
      headers?: Record<string, string>;
    }
    interface Histogram {
      average: number;
      min: number;
      max: number;
      p50: number;
      p99: number;
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      latency: Histogram;
      requests: Histogram & { total: number; sent: number };
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Instance extends EventEmitter {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export = autocannon;
}
