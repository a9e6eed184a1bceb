import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** nodemailer, loaded when the first mail is sent (decision 0061). */
const nodemailer = async () => (await import('nodemailer')).default;

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The sender, when not the mailer's own (the studio's name as its settings say at send time). */
  from?: string;
  /** Extra headers, such as List-Unsubscribe on visitor mail. */
  headers?: Record<string, string>;
  /** A calendar invitation (RFC 5545), sent as the text/calendar part and as an .ics attachment (site visits). */
  icalEvent?: { method: string; filename: string; content: string };
}

export interface Mailer {
  /** 'smtp': sent through SMTP_URL; 'files': written as .eml files into `directory`. */
  readonly kind: 'smtp' | 'files';
  readonly directory?: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Mail goes over SMTP when `smtpUrl` is set (smtp:// or smtps://, nodemailer); otherwise each message
 * is written as an .eml file under `mailDir`, so a fresh install shows what it would send.
 */
export function createMailer(options: { smtpUrl?: string; from: string; mailDir: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    // Pooled: a burst of leads reuses a few connections instead of a handshake per message.
    let transport: Promise<Transporter> | undefined;
    const open = async () => {
      const mailer = await nodemailer();
      return mailer.createTransport({
        pool: true,
        maxConnections: 5,
        maxMessages: 500,
        host: url.hostname,
        port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
        secure: url.protocol === 'smtps:',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      });
    };
    return {
      kind: 'smtp',
      async send(mail) {
        await (await (transport ??= open())).sendMail({ ...mail, from: mail.from ?? options.from });
      },
      close: () => void transport?.then((t) => t.close()),
    };
  }
  let transport: ReturnType<typeof streamTransport> | undefined;
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'files',
    directory: options.mailDir,
    async send(mail) {
      ready ??= mkdir(options.mailDir, { recursive: true });
      await ready;
      const info = await (await (transport ??= streamTransport())).sendMail({ ...mail, from: mail.from ?? options.from });
      // Written whole, then renamed: a reader never sees half a message.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const temp = path.join(options.mailDir, `.${name}.tmp`);
      await writeFile(temp, info.message as Buffer);
      await rename(temp, path.join(options.mailDir, name));
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/** The file mailer's transport: the message as bytes, nothing sent. */
async function streamTransport() {
  return (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

const EML_NAME = /^[\w-]+\.eml$/;

/** The .eml files of the file mailer, newest first. */
export async function listMailFiles(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory))
      .filter((name) => EML_NAME.test(name))
      .sort()
      .reverse();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** One .eml file's bytes, or null when there is no such file (names are checked: no path escapes). */
export async function readMailFile(directory: string, name: string): Promise<Buffer | null> {
  if (!EML_NAME.test(name)) return null;
  try {
    return await readFile(path.join(directory, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
