import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Demo notifications for the demo user: one read, one unread, so the bell and both tabs show something. */
export async function seedNotifications(db: Db) {
  await sql`
    insert into notification (user_id, title, text, route, created_at, readtime)
    select u.id, n.title, n.text, n.route, now() - n.age, case when n.read then now() - n.age + interval '5 minutes' end
    from app_user u
    cross join (values
      ('Willkommen bei MDE', 'Benachrichtigungen erscheinen hier und, wenn aktiviert, als Push auf dem Gerät.', '/settings', interval '2 days', true),
      ('Push-Benachrichtigungen', 'Aktivieren Sie Push-Benachrichtigungen in den Einstellungen, um auch bei geschlossener App informiert zu werden.', '/settings', interval '1 hour', false)
    ) as n(title, text, route, age, read)
    where u.username = 'demo'`.execute(db);
}
