// Step: the client's address and user agent; a trusted call may state them (ip_address, user_agent).
import { clientIp } from './client-ip.js';
import { trustFunction, type ProxyTrust } from '../../platform/http/proxy-trust.js';
import { ok, type Step } from '../pipeline.js';
import type { TrackContext } from './track-context.js';

export function resolveClient(options: { trustProxy: ProxyTrust }): Step<TrackContext> {
  const trusts = trustFunction(options.trustProxy);
  return {
    name: 'resolve-client',
    run(context) {
      const { payload, request } = context;
      const headerUa = request.headers['user-agent'];
      context.ip = context.trusted && payload.ip_address ? payload.ip_address : clientIp(request.headers, request.socketIp, trusts);
      context.userAgent = context.trusted && payload.user_agent !== undefined ? payload.user_agent : typeof headerUa === 'string' ? headerUa : '';
      return ok();
    },
  };
}
