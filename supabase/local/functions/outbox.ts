// Delivers rows of public.email_outbox (written by the price-alert and lead triggers) to the mailbox.
import type { Mailbox, Queryable } from '../types';
import { MAIL_FROM, absoluteUrl, renderPriceDropAlert, type RenderedEmail } from '../../functions/_shared/templates';
import { isLeadTemplate, renderLeadEmail } from '../../functions/_shared/lead-templates';

const MAX_ATTEMPTS = 3;

interface OutboxRow {
  id: string;
  to_email: string;
  template: string;
  data: Record<string, unknown> | string | null;
  attempts: number;
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : value == null ? fallback : String(value);
}

/** Renders one outbox row; throws for unknown templates (the row is then marked failed). */
export function renderOutboxRow(template: string, raw: OutboxRow['data'], siteUrl: string): RenderedEmail {
  const data = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<string, unknown>;
  if (isLeadTemplate(template)) {
    return renderLeadEmail(template, {
      car_name: str(data.car_name, 'a car'),
      lead_url: absoluteUrl(str(data.lead_url, '/'), siteUrl),
      unsubscribe_url: absoluteUrl(str(data.unsubscribe_url, '/account'), siteUrl),
    });
  }
  if (template !== 'price_drop_alert') throw new Error(`Unknown e-mail template: ${template}`);
  const oldPrice = num(data.old_price);
  const newPrice = num(data.new_price);
  const savings = data.savings == null ? oldPrice - newPrice : num(data.savings);
  const discount =
    data.discount == null ? (oldPrice > 0 ? ((oldPrice - newPrice) / oldPrice) * 100 : 0) : num(data.discount);
  return renderPriceDropAlert({
    car_name: str(data.car_name, 'Your car'),
    old_price: oldPrice,
    new_price: newPrice,
    discount,
    savings,
    car_url: absoluteUrl(str(data.car_url, '/marketplace'), siteUrl),
    unsubscribe_url: absoluteUrl(str(data.unsubscribe_url, '/account'), siteUrl),
  });
}

export async function outboxTableExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>("select to_regclass('public.email_outbox') is not null as ok");
  return rows[0]?.ok === true;
}

/** Sends every pending row (oldest first); returns how many were sent. */
export async function drainOutbox(db: Queryable, mailbox: Mailbox, siteUrl: string): Promise<number> {
  const { rows } = await db.query<OutboxRow>(
    `select id, to_email, template, data, attempts from public.email_outbox
     where status = 'pending' order by created_at, id limit 100`,
  );
  let sent = 0;
  for (const row of rows) {
    try {
      const mail = renderOutboxRow(row.template, row.data, siteUrl);
      await mailbox.send({ to: row.to_email, from: MAIL_FROM, ...mail, template: row.template });
      await db.query(
        `update public.email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
         where id = $1`,
        [row.id],
      );
      sent += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message.slice(0, 500) : 'delivery failed';
      await db.query(
        `update public.email_outbox
         set attempts = attempts + 1, last_error = $2,
             status = case when attempts + 1 >= $3 then 'failed' else status end
         where id = $1`,
        [row.id, message, MAX_ATTEMPTS],
      );
    }
  }
  return sent;
}
