// Endpoint URL rules, checked on save and again at send time: https only, no userinfo, and every address
// the host resolves to must be allowed by the address policy (unless the operator allows private targets).
import { isIP } from 'node:net';
import { BadRequestError } from '../platform/http/app-errors.js';
import { addressVerdict } from '../platform/outbound/address-policy.js';
import type { ResolvedAddress, Resolver } from '../platform/outbound/resolver.js';

export interface CheckedTarget {
  readonly url: URL;
  readonly host: string;
  /** The first checked address: the only one a delivery connects to (no second DNS answer is trusted). */
  readonly address: ResolvedAddress;
}

export class WebhookUrlError extends BadRequestError {}

export interface UrlPolicyOptions {
  readonly allowPrivateTargets: boolean;
  readonly resolve: Resolver;
}

/** Parses and checks an endpoint URL; throws WebhookUrlError (400) saying what is wrong. */
export async function checkWebhookUrl(raw: string, options: UrlPolicyOptions): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('Webhook URL is not a valid URL');
  }
  if (url.protocol !== 'https:') throw new WebhookUrlError('Webhook URL must use https://');
  if (url.username !== '' || url.password !== '') throw new WebhookUrlError('Webhook URL must not contain a username or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolve(host);
    } catch {
      throw new WebhookUrlError(`Webhook host ${host} does not resolve`);
    }
  }
  const first = addresses[0];
  if (!first) throw new WebhookUrlError(`Webhook host ${host} does not resolve`);
  if (!options.allowPrivateTargets) {
    for (const candidate of addresses) {
      const verdict = addressVerdict(candidate.address);
      if (!verdict.allowed) throw new WebhookUrlError(`Webhook host ${host} resolves to a non-public address (${verdict.reason})`);
    }
  }
  return { url, host, address: first };
}
