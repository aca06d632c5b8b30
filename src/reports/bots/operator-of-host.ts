// Which AI operator a referrer host belongs to: one of its referrer domains, or a subdomain of one.
import type { AiOperator } from '../../classifiers/catalogs/bot-catalog.js';

export function operatorOfHost(host: string, operators: readonly AiOperator[]): AiOperator | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === '') return undefined;
  return operators.find((operator) =>
    operator.referrerDomains.some((domain) => name === domain.toLowerCase() || name.endsWith(`.${domain.toLowerCase()}`)),
  );
}
