// A real SMTP server on loopback (smtp-server) that keeps every message it receives, for tests.
import { SMTPServer } from 'smtp-server';
import { freePort } from './app-process';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text and HTML bodies, decoded (quoted-printable or base64, UTF-8). */
  text: string;
  /** The 6-digit code of a message that carries one (shown alone in its own paragraph), if any. */
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

/** Quoted-printable bytes (soft breaks undone) read as UTF-8. */
const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** A header's encoded words (RFC 2047, Q or B, UTF-8) decoded; adjacent words join without their space. */
function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : fromQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

/** The message's text parts (plain and HTML), each decoded from its transfer encoding as UTF-8. */
function decodedParts(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]*\r?\n/)
    .map((part) => {
      const split = /\r?\n\r?\n/.exec(part);
      if (!split) return '';
      const head = part.slice(0, split.index);
      const body = part.slice(split.index + split[0].length);
      const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (encoding === 'quoted-printable') return fromQuotedPrintable(body);
      return body;
    })
    .join('\n');
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
        const text = decodedParts(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject,
          text,
          // From the body, in any language: the subject never carries the code (lock screens, relay logs).
          code: /code is[\s=]*(\d{6})\b/.exec(raw)?.[1] ?? /monospace">(\d{6})<\/p>/.exec(text)?.[1] ?? null,
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
