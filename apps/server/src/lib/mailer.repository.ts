import type { Db } from '../db/database';

// The mail outbox (mail_outbox, owned by lib/): every mail is written here first, then marked sent or failed.

export const queue = (db: Db, mail: { to: string; subject: string; text: string }) =>
  db
    .insertInto('mail_outbox')
    .values({ recipient: mail.to, subject: mail.subject, body: mail.text })
    .returning('id')
    .executeTakeFirstOrThrow();

export const markSent = (db: Db, id: string) =>
  db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();

export const markFailed = (db: Db, id: string, error: string) =>
  db.updateTable('mail_outbox').set({ error }).where('id', '=', id).execute();
