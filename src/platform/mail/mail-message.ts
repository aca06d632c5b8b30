// Builds an email (RFC 5322 headers, UTF-8 parts in base64) that no header value can break out of: plain text,
// or text and HTML alternatives with inline images (multipart/alternative around multipart/related).
import { randomBytes } from 'node:crypto';

/** An image the HTML part shows with `<img src="cid:<cid>">`. */
export interface InlineImage {
  readonly cid: string;
  readonly contentType: 'image/png' | 'image/svg+xml';
  /** The image's bytes in base64. */
  readonly base64: string;
}

/** What a mail says, without its envelope. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly images?: readonly InlineImage[];
  /** Extra headers such as List-Unsubscribe; names of letters, digits and dashes only. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface MailMessage extends MailContent {
  readonly from: string;
  readonly to: string;
}

/** True for an address that is safe inside `<...>` on an SMTP command line and in a header. */
export function isSafeAddress(address: string): boolean {
  return address.length > 2 && address.length <= 254 && !/[\s<>"\\,;]/.test(address) && address.indexOf('@') > 0;
}

/** A header value on one line: control characters become spaces; non-ASCII is MIME-encoded. */
export function headerText(value: string): string {
  const oneLine = [...value].map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char)).join('');
  if (/^[\x20-\x7e]*$/.test(oneLine)) return oneLine;
  return `=?UTF-8?B?${Buffer.from(oneLine, 'utf8').toString('base64')}?=`;
}

const base64Lines = (bytes: Buffer): string => bytes.toString('base64').replace(/.{1,76}/g, '$&\r\n');
const utf8Part = (text: string): string => base64Lines(Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8'));

function part(contentType: string, body: string, extra: readonly string[] = []): string {
  return [`Content-Type: ${contentType}`, 'Content-Transfer-Encoding: base64', ...extra, '', body].join('\r\n');
}

function multipart(subtype: string, parts: readonly string[]): { contentType: string; body: string } {
  const boundary = `loupe-${randomBytes(12).toString('hex')}`;
  const body = `${parts.map((each) => `--${boundary}\r\n${each}`).join('\r\n')}\r\n--${boundary}--\r\n`;
  return { contentType: `multipart/${subtype}; boundary="${boundary}"`, body };
}

/** The body and its Content-Type: one text part, or the alternatives with the HTML's inline images. */
function bodyOf(message: MailContent): { head: string[]; body: string } {
  if (message.html === undefined) {
    return { head: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'], body: utf8Part(message.text) };
  }
  const images = message.images ?? [];
  const html = part('text/html; charset=utf-8', utf8Part(message.html));
  const related = images.length === 0
    ? html
    : (() => {
        const inner = multipart('related', [
          html,
          ...images.map((image) => {
            if (!/^[A-Za-z0-9._-]{1,64}$/.test(image.cid)) throw new Error('Unsafe image content id');
            return part(image.contentType, base64Lines(Buffer.from(image.base64, 'base64')), [`Content-ID: <${image.cid}>`, `Content-Disposition: inline; filename="${image.cid}"`]);
          }),
        ]);
        return `Content-Type: ${inner.contentType}\r\n\r\n${inner.body}`;
      })();
  const outer = multipart('alternative', [part('text/plain; charset=utf-8', utf8Part(message.text)), related]);
  return { head: [`Content-Type: ${outer.contentType}`], body: outer.body };
}

/** The DATA section of the message, CRLF line endings, without the terminating dot line. */
export function renderMessage(message: MailMessage, date: Date, messageId: string): string {
  if (!isSafeAddress(message.from) || !isSafeAddress(message.to)) throw new Error('Unsafe email address');
  const extra = Object.entries(message.headers ?? {}).map(([name, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9-]{0,63}$/.test(name)) throw new Error('Unsafe header name');
    return `${name}: ${headerText(value)}`;
  });
  const { head, body } = bodyOf(message);
  const headers = [
    `From: <${message.from}>`,
    `To: <${message.to}>`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}>`,
    ...extra,
    'MIME-Version: 1.0',
    ...head,
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}
