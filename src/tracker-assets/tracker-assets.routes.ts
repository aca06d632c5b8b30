// GET/HEAD of every built tracker file at /api/<file> and, when set, at TRACKER_PATH/<file>.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../platform/http/app-errors.js';
import { answerAssetRequest, TRACKER_CACHE_CONTROL, TRACKER_CONTENT_TYPE } from './asset-answer.js';
import type { TrackerAsset } from './tracker-asset.js';

export interface TrackerAssetsRoutesDeps {
  readonly assets: ReadonlyMap<string, TrackerAsset>;
  /** A second prefix such as `/static/lp` (no trailing slash). */
  readonly trackerPath: string | undefined;
}

class NotAcceptableError extends AppError {
  constructor() {
    super(406, 'No acceptable content coding: this file is available as br, gzip or identity');
  }
}

const SCRIPT_DOCS = {
  tags: ['General'],
  summary: 'The tracking script',
  description:
    'The core of the tracking script, for `<script src=".../api/script.js" data-site-id="..." defer>`. Each module it loads ' +
    'is served the same way at `/api/<module>.js`, and every file also under the operator\'s `TRACKER_PATH`. Answers ' +
    '`application/javascript`, `Cache-Control: public, max-age=3600`, a strong `ETag` per content coding (`304` on ' +
    '`If-None-Match`), brotli or gzip as `Accept-Encoding` prefers (`406` when it excludes identity and both), CORS open to any origin.',
  security: [{}],
};

/** Vary keeps what the CORS hook set (Origin) and adds Accept-Encoding. */
function varyOn(reply: FastifyReply): string {
  const current = reply.getHeader('vary');
  return typeof current === 'string' && current !== '' ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}

export const trackerAssetsRoutes: FastifyPluginAsync<TrackerAssetsRoutesDeps> = async (app, { assets, trackerPath }) => {
  const prefixes = trackerPath === undefined ? ['/api'] : ['/api', trackerPath];
  for (const asset of assets.values()) {
    for (const prefix of prefixes) {
      const documented = prefix === '/api' && asset.name === 'script.js';
      app.get(`${prefix}/${asset.name}`, { schema: documented ? SCRIPT_DOCS : { hide: true } }, async (request, reply) => {
        const answer = answerAssetRequest(asset, { acceptEncoding: request.headers['accept-encoding'], ifNoneMatch: request.headers['if-none-match'] });
        if (answer.kind === 'not-acceptable') throw new NotAcceptableError();
        void reply.header('cache-control', TRACKER_CACHE_CONTROL).header('etag', answer.etag).header('vary', varyOn(reply));
        if (answer.kind === 'not-modified') return reply.code(304).send();
        void reply.header('content-type', TRACKER_CONTENT_TYPE).header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'cross-origin');
        if (answer.coding !== 'identity') void reply.header('content-encoding', answer.coding);
        return reply.send(answer.body);
      });
    }
  }
};
