// A real SMTP server on loopback (smtp-server) that keeps every message it receives, for tests.
import { SMTPServer } from 'smtp-server';
import { freePort } from './app-process';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The 6-digit code of a password-reset message, if it carries one. */
  code: string | null;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the next message to `to` that arrives (or has arrived) after `since` messages. */
  /** The first mail to `to` since `since`; with `withCode`, the first that carries a code (a notice may come first). */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number; withCode?: boolean }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = decodeSubject(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject,
          // From the body: the subject never carries the code (lock screens, relay logs).
          code: /code is[\s=]*(\d{6})\b/.exec(raw)?.[1] ?? null,
        });
        callback();
      });
    },
  });
  // A client that dies mid-message (an app a test kills) resets its connection; smtp-server then
  // emits 'error', which without a listener would crash the test process.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(to, { since = 0, timeoutMs = 10_000, withCode = false } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages
          .slice(since)
          .find((m) => m.to.includes(to.toLowerCase()) && (!withCode || m.code !== null));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
