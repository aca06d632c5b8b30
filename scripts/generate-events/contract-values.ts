// Closed value sets from the API contract (section 3) that generated rows must respect.

export const CONTRACT_CHANNELS: readonly string[] = [
  'Direct', 'Internal', 'Organic Search', 'Paid Search', 'Organic Social', 'Paid Social', 'Email', 'Affiliate', 'Display',
  'Organic Video', 'Paid Video', 'Organic Shopping', 'Paid Shopping', 'Referral', 'AI', 'Paid AI', 'SMS', 'Push', 'News',
  'Audio', 'Content', 'Cross-Network', 'Unknown',
];

export const CONTRACT_DEVICE_TYPES: readonly string[] = ['Desktop', 'Mobile', 'Tablet', 'TV', 'Console', 'Embedded'];

export const CONTRACT_EVENT_TYPES: readonly string[] = [
  'pageview', 'custom_event', 'performance', 'outbound', 'error', 'button_click', 'copy', 'form_submit', 'input_change', 'engagement',
];

/** The AI crawl purposes the bots report counts (training, search, agent requests). */
export const AI_PURPOSES: readonly string[] = ['training', 'search', 'agent'];
