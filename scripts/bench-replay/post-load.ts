// Max-throughput POSTs of given bodies (cycled) for a while: acknowledged requests and request bytes per second.
import autocannon from 'autocannon';

export interface PostLoadResult {
  readonly acknowledged: number;
  readonly refused: number;
  readonly bytes: number;
  readonly seconds: number;
}

export function postLoad(baseUrl: string, path: string, bodies: readonly string[], seconds: number, connections: number): Promise<PostLoadResult> {
  let next = 0;
  let acknowledged = 0;
  let refused = 0;
  let bytes = 0;
  const sizes = new Map<string, number>(bodies.map((body) => [body, Buffer.byteLength(body)]));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        pipelining: 1,
        duration: seconds,
        timeout: 20,
        requests: [{
          method: 'POST',
          path,
          setupRequest: (request: autocannon.RequestParams, context: Record<string, unknown>) => {
            const body = bodies[next++ % bodies.length] ?? '';
            context.size = sizes.get(body) ?? 0;
            return { ...request, headers: { 'content-type': 'application/json' }, body };
          },
          onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
            if (status === 200) {
              acknowledged += 1;
              bytes += Number(context.size ?? 0);
            } else refused += 1;
          },
        }],
      },
      (error) => (error ? reject(error) : resolve({ acknowledged, refused, bytes, seconds: (performance.now() - started) / 1000 })),
    );
  });
}
