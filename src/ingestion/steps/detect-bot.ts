// Step: key-less requests (the only ones ever classified as bots) pass the five bot layers; bots are stored apart (bot_events), never as humans.
import { createHash } from 'node:crypto';
import { detectBot as detect, type DetectBotDeps } from '../bots/detect-bot.js';
import { drop, ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from '../track-context.js';

export function detectBot(deps: DetectBotDeps): Step<TrackContext> {
  return {
    name: 'detect-bot',
    run(context) {
      if (context.trusted || context.keyed || !siteOf(context).blockBots) return ok();
      const visitorKey = createHash('sha1').update(`${context.ip}|${context.userAgent}`).digest('base64');
      const verdict = detect(
        {
          userAgent: context.userAgent,
          headers: context.request.headers,
          ip: context.ip,
          visitorKey,
          nowMs: context.nowMs,
          ...(context.payload._bs === undefined ? {} : { clientScore: context.payload._bs }),
          ...(context.payload._bsm === undefined ? {} : { clientSignals: context.payload._bsm }),
        },
        deps,
      );
      context.bot = verdict;
      return verdict.isBot ? drop('bot') : ok();
    },
  };
}
