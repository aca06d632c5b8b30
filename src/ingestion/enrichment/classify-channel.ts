// Enrichment step: referrer cleanup, URL parameters and UTM fields, and the channel of the event.
import { classifyChannel as classify } from '../../classifiers/channels/channel-classifier.js';
import { cleanReferrer } from '../../classifiers/referrer.js';
import { parseUrlParameters, utmFields } from '../../classifiers/url-parameters.js';
import type { EnrichContext } from './enrich-context.js';
import { ok, type Step } from '../pipeline.js';

export function classifyChannel(): Step<EnrichContext> {
  return {
    name: 'classify-channel',
    run(context) {
      const { payload } = context.record;
      const hostname = (payload.hostname ?? '').toLowerCase();
      const rawReferrer = payload.referrer ?? '';
      const urlParameters = parseUrlParameters(payload.querystring ?? '');
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
