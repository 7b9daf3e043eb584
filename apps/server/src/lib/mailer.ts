import nodemailer from 'nodemailer';
import type { Env } from '../config/env';
import type { Db } from '../db/database';
import * as outbox from './mailer.repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail is written to the outbox table first (works with no SMTP at all, and tests read it there);
 * with SMTP_URL configured it is also sent and marked sent.
 */
export function createMailer(env: Env, log: { info: (o: object, m: string) => void }) {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  return async function sendMail(db: Db, mail: Mail) {
    const row = await outbox.queue(db, mail);
    log.info({ mailId: row.id, to: mail.to, subject: mail.subject }, 'mail queued in outbox');
    if (!transport) return;
    try {
      await transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await outbox.markSent(db, row.id);
    } catch (error) {
      await outbox.markFailed(db, row.id, String(error));
      throw error;
    }
  };
}
export type SendMail = ReturnType<typeof createMailer>;
