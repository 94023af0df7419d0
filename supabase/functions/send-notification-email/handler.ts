// send-notification-email: renders the price-drop e-mail and delivers it. A signed-in user may only
// send to their own confirmed address (the app's "test send"); the service role may send to anyone.
// Links in the mail only point at the site (SITE_URL's origin).
import { z } from 'zod';
import { identifyCaller, type FunctionEnv } from '../_shared/caller';
import { describeIssues, errorJson, json, preflight, readJson } from '../_shared/http';
import { deliverMail } from '../_shared/mailer';
import { absoluteUrl, renderPriceDropAlert } from '../_shared/templates';

const money = z.coerce.number().refine(Number.isFinite, 'must be a number').pipe(z.number().min(0).max(10_000_000));

export const requestSchema = z.object({
  userId: z.uuid(),
  templateName: z.literal('price_drop_alert'),
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

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return errorJson(405, 'Use POST.');

  const caller = await identifyCaller(req, env);
  if (caller.kind === 'anonymous') return errorJson(401, 'Please sign in to send notifications.');

  const parsed = requestSchema.safeParse(await readJson(req));
  if (!parsed.success) return errorJson(400, `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const body = parsed.data;

  if (caller.kind === 'user') {
    const ownEmail = (caller.email ?? '').toLowerCase();
    if (!caller.emailConfirmed || body.userId !== caller.id || body.recipientEmail.toLowerCase() !== ownEmail) {
      return errorJson(403, 'You can only send notifications to your own e-mail address.');
    }
  }

  const site = env.SITE_URL || 'http://localhost:5173';
  const mail = renderPriceDropAlert({
    ...body.templateData,
    car_url: absoluteUrl(body.templateData.car_url, site),
    unsubscribe_url: absoluteUrl(body.templateData.unsubscribe_url, site),
  });
  try {
    const { id } = await deliverMail(env, { ...mail, to: body.recipientEmail, template: body.templateName });
    return json({ success: true, id });
  } catch {
    return errorJson(502, 'Failed to send the e-mail. Please try again.');
  }
}
