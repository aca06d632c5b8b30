// The IANA special-purpose address blocks (IPv4 and IPv6 registries) a webhook never goes to, each with the
// name a refusal shows. The IPv6 list also names well-known blocks outside 2000::/3, only for clearer messages.

export interface NamedBlock {
  readonly cidr: string;
  readonly name: string;
}

/** Most specific first: the first block that holds an address names it. */
export const IPV4_SPECIAL_BLOCKS: readonly NamedBlock[] = [
  { cidr: '255.255.255.255/32', name: 'broadcast' },
  { cidr: '0.0.0.0/8', name: 'unspecified' },
  { cidr: '10.0.0.0/8', name: 'private' },
  { cidr: '100.64.0.0/10', name: 'carrierGradeNat' },
  { cidr: '127.0.0.0/8', name: 'loopback' },
  { cidr: '169.254.0.0/16', name: 'linkLocal' },
  { cidr: '172.16.0.0/12', name: 'private' },
  { cidr: '192.0.0.0/24', name: 'ietfProtocol' },
  { cidr: '192.0.2.0/24', name: 'documentation' },
  { cidr: '192.31.196.0/24', name: 'as112' },
  { cidr: '192.52.193.0/24', name: 'amt' },
  { cidr: '192.88.99.0/24', name: '6to4Relay' },
  { cidr: '192.168.0.0/16', name: 'private' },
  { cidr: '192.175.48.0/24', name: 'as112' },
  { cidr: '198.18.0.0/15', name: 'benchmarking' },
  { cidr: '198.51.100.0/24', name: 'documentation' },
  { cidr: '203.0.113.0/24', name: 'documentation' },
  { cidr: '224.0.0.0/4', name: 'multicast' },
  { cidr: '240.0.0.0/4', name: 'reserved' },
];

/**
 * Inside 2000::/3 (the only space allowed): the IETF protocol block (Teredo, benchmarking, ORCHID...),
 * documentation, 6to4 (it embeds an IPv4 address) and AS112. Outside it: named so a refusal says what it is.
 */
export const IPV6_SPECIAL_BLOCKS: readonly NamedBlock[] = [
  { cidr: '::/128', name: 'unspecified' },
  { cidr: '::1/128', name: 'loopback' },
  { cidr: '::ffff:0:0/96', name: 'ipv4Mapped' },
  { cidr: '::/96', name: 'ipv4Compatible' },
  { cidr: '64:ff9b::/96', name: 'nat64' },
  { cidr: '64:ff9b:1::/48', name: 'nat64' },
  { cidr: '100::/64', name: 'discard' },
  { cidr: '2001::/23', name: 'ietfProtocol' },
  { cidr: '2001:db8::/32', name: 'documentation' },
  { cidr: '2002::/16', name: '6to4' },
  { cidr: '2620:4f:8000::/48', name: 'as112' },
  { cidr: '3fff::/20', name: 'documentation' },
  { cidr: 'fc00::/7', name: 'uniqueLocal' },
  { cidr: 'fe80::/10', name: 'linkLocal' },
  { cidr: 'fec0::/10', name: 'siteLocal' },
  { cidr: 'ff00::/8', name: 'multicast' },
];
