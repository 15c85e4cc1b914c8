import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A local SMTP server the test starts: what it received, parsed, and a way to take it down and back. */
export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Stops listening: a send then finds no server (ECONNREFUSED), as when a mail host is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for the whole test file (smtp-server), without TLS or sign-in: every
 * message it accepts is parsed with mailparser, as a mail reader would read it. `refuseLogin`: it asks
 * for a sign-in and refuses every one.
 */
export function useSmtpServer(options: { refuseLogin?: boolean } = {}): TestSmtp {
  const smtp = { port: 0, url: '', messages: [] as ParsedMail[] } as TestSmtp;
  let server: SMTPServer | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = new SMTPServer({
        authOptional: !options.refuseLogin,
        disabledCommands: options.refuseLogin ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
        allowInsecureAuth: true,
        // A careless server's refusal, which repeats the password it was given.
        onAuth: (auth, _session, callback) => callback(new Error(`Wrong password ${String(auth.password)}`)),
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              smtp.messages.push(mail);
              callback();
            })
            .catch(callback);
        },
      });
      next.on('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.server.address() as AddressInfo).port);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  smtp.down = close;
  smtp.up = async () => {
    await listen(smtp.port);
  };
  beforeAll(async () => {
    smtp.port = await listen(0);
    smtp.url = `smtp://127.0.0.1:${smtp.port}`;
  });
  afterAll(close);
  return smtp;
}
