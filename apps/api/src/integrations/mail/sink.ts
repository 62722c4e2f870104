import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { Db } from '../../db/client.js';
import { mensagemCorreio } from '../../db/schema/index.js';

const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/**
 * Built-in SMTP sink: a real SMTP server on loopback that keeps every message in the database,
 * so a person (or a test) can read activation and reset mails without a mail server.
 */
export async function startSmtpSink(db: Db): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) =>
            db.insert(mensagemCorreio).values({
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              mailTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','),
              subject: parsed.subject ?? null,
              textBody: parsed.text ?? null,
              htmlBody: typeof parsed.html === 'string' ? parsed.html : null,
              raw: raw.toString('utf8'),
            }),
          )
          .then(() => callback(), (err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
