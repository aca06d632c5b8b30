// The dimensions bot requests can be broken down by, and the bot_events expression behind each.

const COLUMN_DIMENSIONS = [
  'bot_name', 'bot_category', 'ai_operator', 'ai_purpose', 'pathname', 'hostname',
  'country', 'browser', 'operating_system', 'device_type',
] as const;

export const BOT_DIMENSIONS = [...COLUMN_DIMENSIONS, 'asn', 'referrer'] as const;
export type BotDimension = (typeof BOT_DIMENSIONS)[number];

const EXPRESSIONS: Readonly<Record<BotDimension, string>> = {
  ...(Object.fromEntries(COLUMN_DIMENSIONS.map((name) => [name, name])) as Record<(typeof COLUMN_DIMENSIONS)[number], string>),
  // 0 means the network was not looked up: shown as the empty value.
  asn: "if(asn = 0, '', toString(asn))",
  referrer: 'domainWithoutWWW(referrer)',
};

/** A String expression over bot_events; `dimension` is already checked against BOT_DIMENSIONS. */
export function botDimensionSql(dimension: BotDimension): string {
  return EXPRESSIONS[dimension];
}
