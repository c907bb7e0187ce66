/**
 * A minimal SMTP server on loopback for mail tests: it speaks just enough of the protocol
 * for nodemailer (no TLS, no AUTH), records every accepted message and refuses recipients
 * it is told to refuse.
 */
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent after DATA (headers and body). */
  data: string;
}

export interface SmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Recipients answered with 550. */
  refuse: Set<string>;
  close(): Promise<void>;
}

const address = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';

export async function startSmtpServer(): Promise<SmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (text: string) => socket.write(`${text}\r\n`);
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    let data: string | undefined;
    let buffered = '';
    reply('220 loopback test ESMTP');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      while (true) {
        if (data !== undefined) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end === -1) return;
          received.push({ ...envelope, data: data + buffered.slice(0, end) });
          buffered = buffered.slice(end + 5);
          data = undefined;
          envelope = { from: '', to: [] };
          reply('250 2.0.0 queued');
          continue;
        }
        const lineEnd = buffered.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffered.slice(0, lineEnd);
        buffered = buffered.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 loopback');
        else if (verb === 'MAIL') {
          envelope.from = address(line);
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const to = address(line);
          if (refuse.has(to)) reply('550 5.1.1 no such mailbox');
          else {
            envelope.to.push(to);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          data = '';
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 2.0.0 ok');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
