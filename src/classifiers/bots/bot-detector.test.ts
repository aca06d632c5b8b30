import { describe, expect, it } from 'vitest';
import { type BotLayers, createBotDetectorDeps, type DetectBotDeps, type DetectBotInput, detectBot } from './bot-detector.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CHROME_HEADERS = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'sec-ch-ua': '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-site': 'cross-site',
};
const HOME_IP = '203.0.113.7';
const AWS_IP = '3.5.140.2';
const ASNS: Record<string, number> = { [HOME_IP]: 7922, [AWS_IP]: 16509 };

function freshDeps(rateLimit = 120): DetectBotDeps {
  return createBotDetectorDeps({ lookupAsn: (ip) => ASNS[ip], rateLimit });
}

function human(overrides: Partial<DetectBotInput> = {}): DetectBotInput {
  return { userAgent: CHROME, headers: CHROME_HEADERS, ip: HOME_IP, recentHits: 1, ...overrides };
}

const NONE: BotLayers = { ua_pattern: false, header_heuristics: false, client_signals: false, bot_asn: false, rate_anomaly: false };
const { 'accept-encoding': _dropped, ...CHROME_WITHOUT_ENCODING } = CHROME_HEADERS;

describe('detectBot: one layer at a time', () => {
  it.each<[string, Partial<DetectBotInput>, Partial<BotLayers>, boolean, number]>([
    ['ordinary Chrome', {}, {}, false, 7922],
    ['ua_pattern: curl', { userAgent: 'curl/8.4.0' }, { ua_pattern: true }, true, 7922],
    ['ua_pattern: empty user agent', { userAgent: '' }, { ua_pattern: true }, true, 7922],
    ['header_heuristics: headless brand in sec-ch-ua', { headers: { ...CHROME_HEADERS, 'sec-ch-ua': '"HeadlessChrome";v="124"' } }, { header_heuristics: true }, true, 7922],
    ['client_signals: webdriver bit', { clientSignals: 1 }, { client_signals: true }, true, 7922],
    ['client_signals: client score 4', { clientScore: 4 }, { client_signals: true }, true, 7922],
    ['client_signals below threshold stays human', { clientSignals: 4 }, {}, false, 7922],
    ['bot_asn alone: Chrome from AWS is recorded, not classified', { ip: AWS_IP }, { bot_asn: true }, false, 16509],
    ['bot_asn + one weak header signal', { ip: AWS_IP, headers: CHROME_WITHOUT_ENCODING }, { bot_asn: true }, true, 16509],
    ['bot_asn + one weak client bit', { ip: AWS_IP, clientSignals: 32 }, { bot_asn: true }, true, 16509],
    ['bot_asn + a small client score', { ip: AWS_IP, clientScore: 1 }, { bot_asn: true }, true, 16509],
    ['bot_asn + a non-browser user agent', { ip: AWS_IP, userAgent: 'MyApp/1.0 CFNetwork/1408.0.4 Darwin/22.5.0' }, { bot_asn: true }, true, 16509],
    ['a non-browser user agent from home is human', { userAgent: 'MyApp/1.0 CFNetwork/1408.0.4 Darwin/22.5.0' }, {}, false, 7922],
    ['one weak header signal from home is human', { headers: CHROME_WITHOUT_ENCODING }, {}, false, 7922],
    ['unknown ASN', { ip: '198.51.100.1' }, {}, false, 0],
  ])('%s', (_name, overrides, layers, isBot, asn) => {
    const verdict = detectBot(human(overrides), freshDeps());
    expect([verdict.isBot, verdict.layers, verdict.asn]).toEqual([isBot, { ...NONE, ...layers }, asn]);
  });

  it('rate_anomaly: the 121st event of a visitor within the window is marked, the 120th is not', () => {
    const deps = freshDeps();
    expect(detectBot(human({ recentHits: 120 }), deps).isBot).toBe(false);
    const verdict = detectBot(human({ recentHits: 121 }), deps);
    expect([verdict.isBot, verdict.layers]).toEqual([true, { ...NONE, rate_anomaly: true }]);
    expect(detectBot(human({ recentHits: 3 }), freshDeps(2)).layers.rate_anomaly).toBe(true);
  });

  it('names a bot found by non-UA layers as unknown', () => {
    const verdict = detectBot(human({ clientSignals: 16 }), freshDeps());
    expect([verdict.botName, verdict.botCategory, verdict.ai, verdict.signals]).toEqual([
      '',
      'unknown',
      null,
      { header: [], client: ['automation_globals'] },
    ]);
  });
});

describe('detectBot: every layer is evaluated', () => {
  it('records all five layers at once for an obvious bot', () => {
    const deps = freshDeps(2);
    const input: DetectBotInput = {
      userAgent: 'python-requests/2.31.0',
      headers: { accept: '*/*' },
      clientScore: 0,
      clientSignals: 1 + 16,
      ip: AWS_IP,
      recentHits: 3,
    };
    expect(detectBot(input, deps)).toEqual({
      isBot: true,
      layers: { ua_pattern: true, header_heuristics: true, client_signals: true, bot_asn: true, rate_anomaly: true },
      botName: 'python-requests',
      botCategory: 'http_client',
      asn: 16509,
      ai: null,
      signals: { header: ['missing_accept_language', 'missing_accept_encoding'], client: ['webdriver', 'automation_globals'] },
    });
  });

  it('treats a failing or nonsensical ASN lookup as unknown', () => {
    const throwing: DetectBotDeps = { ...freshDeps(), lookupAsn: () => { throw new Error('db closed'); } };
    const negative: DetectBotDeps = { ...freshDeps(), lookupAsn: () => -5 };
    expect([detectBot(human(), throwing).asn, detectBot(human(), negative).asn]).toEqual([0, 0]);
  });
});
