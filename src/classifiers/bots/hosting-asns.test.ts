import { describe, expect, it } from 'vitest';
import { hostingProviderOf, indexHostingAsns, isHostingAsn } from './hosting-asns.js';

describe('hosting ASNs (catalogs/bot-asns.json)', () => {
  it.each<[number, string | undefined]>([
    [16509, 'Amazon Web Services'],
    [14618, 'Amazon Web Services'],
    [396982, 'Google Cloud'],
    [15169, 'Google Cloud'],
    [8075, 'Microsoft Azure'],
    [14061, 'DigitalOcean'],
    [16276, 'OVHcloud'],
    [24940, 'Hetzner'],
    [63949, 'Linode (Akamai)'],
    [45102, 'Alibaba Cloud'],
    [132203, 'Tencent Cloud'],
    [31898, 'Oracle Cloud'],
    [51167, 'Contabo'],
    [12876, 'Scaleway'],
    [20473, 'Vultr'],
    [60781, 'Leaseweb'],
    [9009, 'M247'],
    [13335, undefined], // Cloudflare WARP carries people
    [7922, undefined], // Comcast, a residential ISP
    [0, undefined],
  ])('AS%i -> %s', (asn, provider) => {
    expect(hostingProviderOf(asn)).toBe(provider);
    expect(isHostingAsn(asn)).toBe(provider !== undefined);
  });

  it('rejects an ASN listed under two providers', () => {
    expect(() =>
      indexHostingAsns({ providers: [{ name: 'A', asns: [1, 2] }, { name: 'B', asns: [2] }] }),
    ).toThrow('bot-asns: AS2 is listed for A and B');
  });
});
