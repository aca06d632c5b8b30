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

/** One leaf part of a MIME message: its headers (lower-case names) and its decoded bytes. */
export interface MailPart {
  readonly headers: Record<string, string>;
  readonly bytes: Buffer;
}

function headersOf(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The leaf parts of a (possibly nested) multipart body, base64 decoded, in order. */
function leaves(headers: Record<string, string>, body: string): MailPart[] {
  const boundary = /boundary="([^"]+)"/.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) {
    const bytes = headers['content-transfer-encoding'] === 'base64' ? Buffer.from(body.replace(/\r\n/g, ''), 'base64') : Buffer.from(body, 'utf8');
    return [{ headers, bytes }];
  }
  const sections = body.split(`--${boundary}`).slice(1, -1);
  return sections.flatMap((section) => {
    const trimmed = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
    const split = trimmed.indexOf('\r\n\r\n');
    return leaves(headersOf(trimmed.slice(0, split)), trimmed.slice(split + 4));
  });
}

/** A received mail's text and HTML parts and its inline images. */
export function mailParts(mail: ReceivedMail): { text: string; html: string; images: MailPart[] } {
  const split = mail.data.indexOf('\r\n\r\n');
  const parts = leaves(mail.headers, mail.data.slice(split + 4));
  const ofType = (type: string) => parts.filter((part) => (part.headers['content-type'] ?? '').startsWith(type));
  return {
    text: ofType('text/plain').map((part) => part.bytes.toString('utf8')).join(''),
    html: ofType('text/html').map((part) => part.bytes.toString('utf8')).join(''),
    images: ofType('image/'),
  };
}
