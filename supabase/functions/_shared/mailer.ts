// Delivers a rendered e-mail: to Resend's HTTP API when RESEND_API_KEY is set (hosted), otherwise to
// the local stack's mailbox (POST /mailbox/v1/messages with the service key).
import { MAIL_FROM, type RenderedEmail } from './templates.ts';
import { requireEnv, type FunctionEnv } from './caller.ts';

export interface OutgoingMail extends RenderedEmail {
  to: string;
  template?: string;
}

export async function deliverMail(env: FunctionEnv, mail: OutgoingMail): Promise<{ id: string }> {
  const from = env.MAIL_FROM || MAIL_FROM;
  const transport = env.MAIL_TRANSPORT || (env.RESEND_API_KEY ? 'resend' : 'mailbox');
  if (transport === 'resend') {
    const res = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${requireEnv(env, 'RESEND_API_KEY')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ from, to: [mail.to], subject: mail.subject, html: mail.html, text: mail.text }),
    });
    if (!res.ok) throw new Error(`Resend answered ${res.status}`);
    const body = (await res.json()) as { id?: string };
    return { id: String(body.id ?? '') };
  }
  const serviceKey = requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY');
  const res = await fetch(`${requireEnv(env, 'SUPABASE_URL')}/mailbox/v1/messages`, {
    method: 'POST',
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
    }),
  });
  if (!res.ok) throw new Error(`Mailbox answered ${res.status}`);
  const body = (await res.json()) as { id?: string };
  return { id: String(body.id ?? '') };
}
