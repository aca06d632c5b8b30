// A minimal SMTP server on loopback for tests: accepts every message and keeps it (envelope and decoded body);
// optionally offers STARTTLS or speaks TLS from the start, and can refuse recipients.
import net from 'node:net';
import tls from 'node:tls';

export interface SmtpReceiverOptions {
  /** Key and certificate (PEM) for STARTTLS, or for TLS from the start with `implicitTls`. */
  readonly tls?: { readonly key: string; readonly cert: string };
  readonly implicitTls?: boolean;
  /** Answer 550 to every RCPT TO. */
  readonly refuseRecipients?: boolean;
}

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The raw DATA section (dot-unstuffed). */
  readonly data: string;
  readonly headers: Record<string, string>;
  /** The body, base64-decoded when so encoded. */
  readonly text: string;
}

export interface SmtpReceiver {
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Every command line the server read, in order. */
  readonly commands: string[];
  /** From now on answer 550 to every RCPT TO (true) or accept them again (false). */
  refuseRecipients(refuse: boolean): void;
  close(): Promise<void>;
}

function parse(from: string, to: string[], data: string): ReceivedMail {
  const [head = '', body = ''] = data.split('\r\n\r\n', 2);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = headers['content-transfer-encoding'] === 'base64' ? Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8') : body;
  return { from, to, data, headers, text };
}

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const offerStartTls = options.tls !== undefined && !options.implicitTls;
  let refusing = options.refuseRecipients === true;

  function serve(socket: net.Socket, greet: boolean): void {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    let lines: string[] = [];
    let secure = socket instanceof tls.TLSSocket;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    if (greet) reply('220 test-receiver ESMTP');
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(parse(from, to, lines.join('\r\n')));
            reply('250 queued');
          } else lines.push(line.startsWith('..') ? line.slice(1) : line);
        } else {
          commands.push(secure ? `[tls] ${line}` : line);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO') reply(offerStartTls && !secure ? '250-test-receiver\r\n250-STARTTLS\r\n250 AUTH PLAIN' : '250-test-receiver\r\n250 AUTH PLAIN');
          else if (line.toUpperCase() === 'STARTTLS' && offerStartTls && options.tls) {
            reply('220 ready');
            socket.off('data', onData);
            const upgraded = new tls.TLSSocket(socket, { isServer: true, key: options.tls.key, cert: options.tls.cert });
            secure = true;
            serve(upgraded, false);
            return;
          } else if (verb === 'AUTH') reply('235 accepted');
          else if (verb === 'MAIL') { from = line.slice(line.indexOf('<') + 1, line.lastIndexOf('>')); to = []; reply('250 ok'); }
          else if (verb === 'RCPT') {
            if (refusing) reply('550 no such user here');
            else { to.push(line.slice(line.indexOf('<') + 1, line.lastIndexOf('>'))); reply('250 ok'); }
          } else if (verb === 'DATA') { inData = true; lines = []; reply('354 go ahead'); }
          else if (verb === 'QUIT') { reply('221 bye'); socket.end(); }
          else reply('502 not implemented');
        }
        end = buffer.indexOf('\r\n');
      }
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  }

  const onConnection = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, true);
  };
  const server = options.implicitTls && options.tls ? tls.createServer({ key: options.tls.key, cert: options.tls.cert }, onConnection) : net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `${options.implicitTls ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    received,
    commands,
    refuseRecipients: (refuse) => {
      refusing = refuse;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
