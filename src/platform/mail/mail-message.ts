// Builds a plain-text email (RFC 5322 headers, UTF-8 body in base64) that no header value can break out of.

export interface MailMessage {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
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

/** The DATA section of the message, CRLF line endings, without the terminating dot line. */
export function renderMessage(message: MailMessage, date: Date, messageId: string): string {
  if (!isSafeAddress(message.from) || !isSafeAddress(message.to)) throw new Error('Unsafe email address');
  const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64').replace(/.{1,76}/g, '$&\r\n');
  const headers = [
    `From: <${message.from}>`,
    `To: <${message.to}>`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}
