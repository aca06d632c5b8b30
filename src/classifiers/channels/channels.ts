// The closed set of acquisition channels an event can be attributed to (contract section 3).

export const CHANNELS = [
  'Direct',
  'Internal',
  'Organic Search',
  'Paid Search',
  'Organic Social',
  'Paid Social',
  'Email',
  'Affiliate',
  'Display',
  'Organic Video',
  'Paid Video',
  'Organic Shopping',
  'Paid Shopping',
  'Referral',
  'AI',
  'Paid AI',
  'SMS',
  'Push',
  'News',
  'Audio',
  'Content',
  'Cross-Network',
  'Unknown',
] as const;

export type Channel = (typeof CHANNELS)[number];
