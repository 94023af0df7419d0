// send-notification-email. Product e-mails (with data) are the server's own: only the service role may
// send them, to anyone. A signed-in user may only send the notification settings' test e-mail to their
// own confirmed address: they name a template, its content is fixed (never text from the request), and
// the database counts at most 3 an hour per user and per recipient (public.claim_test_email).
// Links in the mail only point at the site (SITE_URL's origin).
import { z } from 'zod';
import { adminClient, identifyCaller, type Caller, type FunctionEnv } from '../_shared/caller.ts';
import { describeIssues, errorJson, json, preflight, readJson } from '../_shared/http.ts';
import { deliverMail, type OutgoingMail } from '../_shared/mailer.ts';
import { absoluteUrl, renderPriceDropAlert, SAMPLE_PRICE_DROP, TEMPLATE_NAMES } from '../_shared/templates.ts';

const money = z.coerce.number().refine(Number.isFinite, 'must be a number').pipe(z.number().min(0).max(10_000_000));

/** The service role's request: any recipient, the alert's data. */
export const requestSchema = z.object({
  userId: z.uuid(),
  templateName: z.enum(TEMPLATE_NAMES),
  templateData: z.object({
    car_name: z.string().trim().min(1).max(200),
    old_price: money,
    new_price: money,
    discount: z.coerce.number().min(0).max(100),
    savings: money,
    car_url: z.string().trim().min(1).max(2000),
    unsubscribe_url: z.string().trim().min(1).max(2000),
  }),
  recipientEmail: z.email().max(320),
});

/** A signed-in user's request: which test e-mail, and (optionally) who they say they are. Nothing else is read. */
export const testSendSchema = z.object({
  userId: z.uuid().optional(),
  templateName: z.enum(TEMPLATE_NAMES),
  recipientEmail: z.email().max(320).optional(),
});

const NOT_YOURS = 'You can only send the test e-mail to your own confirmed e-mail address.';

type User = Extract<Caller, { kind: 'user' }>;
type Outcome = { mail: OutgoingMail } | { refusal: Response };

function siteOf(env: FunctionEnv): string {
  return env.SITE_URL || 'http://localhost:5173';
}

function serviceMail(body: unknown, env: FunctionEnv): Outcome {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return { refusal: errorJson(400, `Invalid request: ${describeIssues(parsed.error.issues)}`) };
  const { templateData, templateName, recipientEmail } = parsed.data;
  const site = siteOf(env);
  const rendered = renderPriceDropAlert({
    ...templateData,
    car_url: absoluteUrl(templateData.car_url, site),
    unsubscribe_url: absoluteUrl(templateData.unsubscribe_url, site),
  });
  return { mail: { ...rendered, to: recipientEmail, template: templateName } };
}

async function testMail(caller: User, body: unknown, env: FunctionEnv): Promise<Outcome> {
  const parsed = testSendSchema.safeParse(body);
  if (!parsed.success) return { refusal: errorJson(400, `Invalid request: ${describeIssues(parsed.error.issues)}`) };
  const { userId, recipientEmail, templateName } = parsed.data;
  const own = (caller.email ?? '').toLowerCase();
  if (!caller.emailConfirmed || !own || (userId && userId !== caller.id)) return { refusal: errorJson(403, NOT_YOURS) };
  if (recipientEmail && recipientEmail.toLowerCase() !== own) return { refusal: errorJson(403, NOT_YOURS) };

  // The database names the address (the account's confirmed one) and counts the send.
  const { data, error } = await adminClient(env).rpc('claim_test_email', { p_user_id: caller.id });
  if (error?.code === 'PT429')
    return { refusal: errorJson(429, 'Too many test e-mails. Please try again in an hour.') };
  if (error?.code === 'PT404') return { refusal: errorJson(403, NOT_YOURS) };
  if (error || typeof data !== 'string') return { refusal: errorJson(500, 'Could not send the test e-mail.') };

  const site = siteOf(env);
  const rendered = renderPriceDropAlert(
    {
      ...SAMPLE_PRICE_DROP,
      car_url: absoluteUrl(SAMPLE_PRICE_DROP.car_url, site),
      unsubscribe_url: absoluteUrl(SAMPLE_PRICE_DROP.unsubscribe_url, site),
    },
    { test: true },
  );
  return { mail: { ...rendered, to: data, template: templateName } };
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return errorJson(405, 'Use POST.');

  const caller = await identifyCaller(req, env);
  if (caller.kind === 'anonymous') return errorJson(401, 'Please sign in to send notifications.');

  const body = await readJson(req);
  const outcome = caller.kind === 'service' ? serviceMail(body, env) : await testMail(caller, body, env);
  if ('refusal' in outcome) return outcome.refusal;
  try {
    const { id } = await deliverMail(env, outcome.mail);
    return json({ success: true, id });
  } catch {
    return errorJson(502, 'Failed to send the e-mail. Please try again.');
  }
}
