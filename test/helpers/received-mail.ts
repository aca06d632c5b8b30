// Mails an app sends in the background, as a test waits for them: the next one to an address, and the link in it.
import type { ReceivedMail, SmtpReceiver } from './smtp-receiver.js';
import { until } from './until.js';

/**
 * The first mail to `to` (with `subject`, when given) received after the first `after` mails (take
 * `smtp.received.length` before the call).
 */
export async function nextMailTo(smtp: SmtpReceiver, after: number, to: string, subject?: string): Promise<ReceivedMail> {
  const matches = (mail: ReceivedMail) => mail.to.includes(to) && (subject === undefined || mail.headers.subject === subject);
  const found = await until(() => smtp.received.slice(after).find(matches), (mail) => mail !== undefined);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** The one URL in the mail's text that starts with `prefix` (e.g. `http://localhost:3001/reset-password?`). */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const links = mail.text.split(/\r?\n/).filter((line) => line.startsWith(prefix));
  if (links.length !== 1) throw new Error(`expected one link starting ${prefix} in: ${mail.text}`);
  return new URL(links[0] ?? '');
}
