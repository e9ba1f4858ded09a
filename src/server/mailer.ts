// Mail delivery: SMTP through nodemailer when SMTP_URL is set, else a development outbox of .eml files.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@/core/ports';
import type { Mailer } from '@/core/reset-ports';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Writes each message to `<dataDir>/outbox/*.eml` and logs where (never what). */
export function createOutboxMailer(dataDir: string, from: string, logger: Logger): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await render.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ event: 'mail_written', file }, 'development outbox: message written');
    },
  };
}
