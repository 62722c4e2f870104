import nodemailer from 'nodemailer';
import type { MailMessage, MailPort } from './port.js';

export function createSmtpMailer(url: string, from: string, kind: 'sink' | 'smtp'): MailPort {
  const transport = nodemailer.createTransport(url);
  const u = new URL(url);
  return {
    kind,
    target: `${u.hostname}:${u.port || 25}`,
    async send(msg: MailMessage) {
      await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
    },
    async verify() {
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
    async close() {
      transport.close();
    },
  };
}
