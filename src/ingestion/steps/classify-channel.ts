// Step: referrer cleanup, URL parameters and UTM fields, and the channel of the event.
import { classifyChannel as classify } from '../enrichment/classify-channel.js';
import { cleanReferrer } from '../enrichment/referrer.js';
import { parseUrlParameters, utmFields } from '../enrichment/url-parameters.js';
import { ok, type Step } from '../pipeline.js';
import type { TrackContext } from '../track-context.js';

export function classifyChannel(): Step<TrackContext> {
  return {
    name: 'classify-channel',
    run(context) {
      const hostname = (context.payload.hostname ?? '').toLowerCase();
      const rawReferrer = context.payload.referrer ?? '';
      const urlParameters = parseUrlParameters(context.payload.querystring ?? '');
      context.page = {
        hostname,
        referrer: cleanReferrer(rawReferrer, hostname),
        channel: classify({ referrer: rawReferrer, hostname, urlParameters }),
        urlParameters,
        utm: utmFields(urlParameters),
      };
      return ok();
    },
  };
}
