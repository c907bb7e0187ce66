/**
 * Outgoing mail. With SMTP_URL set, messages go through SMTP (nodemailer). Without it, each
 * message is written as an .eml file under DATA_DIR/mail and logged, so a self-hosted
 * install works without a mail server and an operator can still read every message.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent via SMTP');
      },
    };
  }
  const directory = join(options.dataDir, 'mail');
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await render.sendMail({ from: options.from, ...message });
      mkdirSync(directory, { recursive: true });
      const file = join(
        directory,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to file (no SMTP_URL)',
      );
    },
  };
}
