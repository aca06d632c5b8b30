// What the bots page names: the detection layers of the bot reports and the crawl breakdowns it offers.

export const BOT_LAYERS = [
  { key: 'ua_pattern', label: 'User-agent pattern', hint: 'the user agent names a bot, crawler or tool' },
  { key: 'header_heuristics', label: 'Header heuristics', hint: 'headers a browser always sends are missing or contradict the user agent' },
  { key: 'client_signals', label: 'Client signals', hint: 'the tracking script saw a headless or automated browser' },
  { key: 'bot_asn', label: 'Bot network', hint: 'sent from a hosting or cloud network (ASN); decides only with another signal' },
  { key: 'rate_anomaly', label: 'Rate anomaly', hint: 'more requests from one visitor in a short window than a person makes' },
] as const;

export type BotLayer = (typeof BOT_LAYERS)[number]['key'];
/** The layer choice of the page: every bot request, or those one layer flagged. */
export type LayerChoice = 'all' | BotLayer;
export const LAYER_CHOICES: readonly LayerChoice[] = ['all', ...BOT_LAYERS.map((layer) => layer.key)];

export const CRAWL_DIMENSIONS = [
  { value: 'bot_name', label: 'Crawlers', column: 'Crawler', empty: '(unnamed bot)' },
  { value: 'ai_operator', label: 'Operators', column: 'AI operator', empty: '(not an AI crawler)' },
  { value: 'ai_purpose', label: 'Purposes', column: 'AI purpose', empty: '(not an AI crawler)' },
  { value: 'bot_category', label: 'Categories', column: 'Category', empty: '(uncategorised)' },
  { value: 'pathname', label: 'Pages crawled', column: 'Page', empty: '(none)' },
] as const;

export type CrawlDimension = (typeof CRAWL_DIMENSIONS)[number]['value'];

/** The report parameter of a layer choice (none for every bot request). */
export const layerParam = (choice: LayerChoice): BotLayer | undefined => (choice === 'all' ? undefined : choice);
