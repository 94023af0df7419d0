// Mail storage in local_mailbox.messages (created by bootstrap/04-mailbox.sql), read as the table owner.
import type { Db, MailMessage, Mailbox } from '../types';

interface MessageRow {
  id: string;
  to_email: string;
  from_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string | null;
  created_at: string | Date;
}

const COLUMNS = 'id, to_email, from_email, subject, text_body, html_body, template, created_at';

function toMessage(row: MessageRow): MailMessage {
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  const msg: MailMessage = {
    id: row.id,
    to: row.to_email,
    from: row.from_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: createdAt.toISOString(),
  };
  if (row.template) msg.template = row.template;
  return msg;
}

export function createMailbox(db: Db): Mailbox & { get(id: string): Promise<MailMessage | null> } {
  return {
    async send(msg) {
      const { rows } = await db.query<MessageRow>(
        `insert into local_mailbox.messages (to_email, from_email, subject, text_body, html_body, template)
         values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
        [msg.to, msg.from, msg.subject, msg.text, msg.html, msg.template ?? null],
      );
      return toMessage(rows[0]);
    },
    async list(to) {
      const { rows } = to
        ? await db.query<MessageRow>(
            `select ${COLUMNS} from local_mailbox.messages where lower(to_email) = lower($1)
             order by created_at desc, id desc`,
            [to],
          )
        : await db.query<MessageRow>(
            `select ${COLUMNS} from local_mailbox.messages order by created_at desc, id desc limit 500`,
          );
      return rows.map(toMessage);
    },
    async get(id) {
      const { rows } = await db.query<MessageRow>(`select ${COLUMNS} from local_mailbox.messages where id = $1`, [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },
    async clear() {
      await db.query('delete from local_mailbox.messages');
    },
  };
}
