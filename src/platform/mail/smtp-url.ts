// SMTP_URL -> connection settings: smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps:// (TLS from the start).

export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (smtps://); otherwise the client upgrades with STARTTLS when the server offers it. */
  readonly implicitTls: boolean;
  readonly credentials: { readonly user: string; readonly password: string } | undefined;
}

/** Parses SMTP_URL; throws an Error naming the problem (never echoing the password). */
export function parseSmtpUrl(value: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (url.hostname === '') throw new Error('SMTP_URL has no host');
  const implicitTls = url.protocol === 'smtps:';
  const port = url.port === '' ? (implicitTls ? 465 : 587) : Number(url.port);
  const user = decodeURIComponent(url.username);
  const credentials = user === '' ? undefined : { user, password: decodeURIComponent(url.password) };
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, implicitTls, credentials };
}
