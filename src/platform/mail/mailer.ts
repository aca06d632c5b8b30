// The outgoing mail of the instance: SMTP when SMTP_URL is set, otherwise none (callers hand out links instead).
import type { MailContent } from './mail-message.js';
import { sendMail } from './smtp-client.js';
import { parseSmtpUrl } from './smtp-url.js';

export interface Mailer {
  /** With `release`, the message is completed only once it agrees (see sendMail). */
  send(message: MailContent & { readonly to: string }, release?: () => Promise<boolean>): Promise<void>;
}

export interface MailerConfig {
  readonly smtpUrl: string | undefined;
  /** Sender address; default `loupe@<host of BASE_URL>`. */
  readonly smtpFrom: string | undefined;
  readonly baseUrl: string;
  /** Extra TLS trust (tests). */
  readonly tlsCa?: string;
}

/** Undefined when no SMTP server is configured. */
export function createMailer(config: MailerConfig): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  const settings = parseSmtpUrl(config.smtpUrl);
  const clientName = new URL(config.baseUrl).hostname || 'localhost';
  const from = config.smtpFrom ?? `loupe@${clientName}`;
  return {
    send: (message, release) => sendMail({ settings, clientName, ...(config.tlsCa ? { tlsCa: config.tlsCa } : {}) }, { from, ...message }, release),
  };
}
