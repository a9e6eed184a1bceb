import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process: every message it accepts is parsed and kept. */
export interface MailServer {
  url: string;
  messages: ParsedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Makes the server refuse the next `n` messages (only those to `to`, when given) with a temporary error. */
  refuseNext(n: number, to?: string): void;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const messages: ParsedMail[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let refusals = 0;
  let refusedTo: string | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      if (refusals > 0 && (!refusedTo || recipients.includes(refusedTo))) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const w of waiters.filter((w) => messages.length >= w.count)) w.resolve();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that dies mid-session (a SIGKILLed server, in the crash test) resets its connection:
  // expected, and not the test's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(n, to) {
      refusals = n;
      refusedTo = to?.toLowerCase();
    },
    waitFor(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${count} mails arrived`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(messages)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
