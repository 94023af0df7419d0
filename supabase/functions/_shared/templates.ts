// E-mail templates shared by the edge functions (Deno on hosted Supabase) and the local stack (Node).
// Web-standard TypeScript only, so the same file runs in both places.

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface PriceDropData {
  car_name: string;
  old_price: number;
  new_price: number;
  /** Percentage drop, e.g. 7.5 for 7.5 %. */
  discount: number;
  savings: number;
  car_url: string;
  unsubscribe_url: string;
}

export interface PasswordRecoveryData {
  link: string;
  otp: string;
}

export const TEMPLATE_NAMES = ['price_drop_alert'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/**
 * The sample data of the notification settings' test e-mail (SPEC §7). A signed-in user can only name
 * a template: the content is always this, never text from the request.
 */
export const SAMPLE_PRICE_DROP: Readonly<PriceDropData> = Object.freeze({
  car_name: '2021 Volkswagen Golf 1.5 TSI Life',
  old_price: 18995,
  new_price: 17495,
  discount: 7.9,
  savings: 1500,
  car_url: '/marketplace',
  unsubscribe_url: '/account',
});

export const TEST_EMAIL_NOTE =
  'This is a test e-mail you asked for in your Motorly notification settings. It shows what a price alert looks like.';

const gbpWhole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const gbpPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** £24,995 for whole pounds, £24,995.50 when there are pence. */
export function formatGbp(amount: number): string {
  return Number.isInteger(amount) ? gbpWhole.format(amount) : gbpPence.format(amount);
}

export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(value)}%`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Makes a site-relative path absolute. Links in our mail only ever point at the site itself: any
 * other origin (or scheme) falls back to the site URL, so nobody can send phishing links through us.
 */
export function absoluteUrl(url: string, siteUrl: string): string {
  try {
    const site = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
    const resolved = new URL(url, site);
    return resolved.origin === site.origin ? resolved.toString() : siteUrl;
  } catch {
    return siteUrl;
  }
}

/** The mail's page: title, body and footer (the lead templates use it too). */
export function layout(title: string, body: string, footer: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;background:#f9fafb;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="font-size:12px;color:#6b7280;margin-top:24px">${footer}</p>
</div></body></html>`;
}

export const SUBJECT_NAME_MAX = 80;

/**
 * A name as a subject may carry it: one line (control and line-separator characters become spaces, so
 * nothing can start a header or a second line), runs of spaces collapsed, at most `max` characters.
 * The name comes from the catalogue (the database builds it); this only keeps a bad row from shaping a header.
 */
export function subjectText(value: string, max = SUBJECT_NAME_MAX): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const oneLine = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const line = oneLine.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** A price-drop alert; `test` marks the notification settings' test e-mail (subject and first line). */
export function renderPriceDropAlert(data: PriceDropData, { test = false } = {}): RenderedEmail {
  const oldPrice = formatGbp(data.old_price);
  const newPrice = formatGbp(data.new_price);
  const savings = formatGbp(data.savings);
  const discount = formatPercent(data.discount);
  const car = subjectText(data.car_name) || 'your car';
  const subject = `${test ? 'Test: ' : ''}Price drop: ${car} is now ${newPrice}`;
  const text = [
    ...(test ? [TEST_EMAIL_NOTE, ''] : []),
    `Good news! The price of ${car} has dropped.`,
    '',
    `Was: ${oldPrice}`,
    `Now: ${newPrice}`,
    `You save ${savings} (${discount} off).`,
    '',
    `View the car: ${data.car_url}`,
    '',
    `You are receiving this because you set up a price alert on Motorly. Unsubscribe: ${data.unsubscribe_url}`,
  ].join('\n');
  const note = test ? `<p style="color:#6b7280">${escapeHtml(TEST_EMAIL_NOTE)}</p>\n` : '';
  const body = `${note}<p>Good news! The price of <strong>${escapeHtml(car)}</strong> has dropped.</p>
<table style="border-collapse:collapse;margin:12px 0">
<tr><td style="padding:4px 12px 4px 0">Was</td><td style="padding:4px 0;text-decoration:line-through">${escapeHtml(oldPrice)}</td></tr>
<tr><td style="padding:4px 12px 4px 0">Now</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(newPrice)}</td></tr>
<tr><td style="padding:4px 12px 4px 0">You save</td><td style="padding:4px 0">${escapeHtml(savings)} (${escapeHtml(discount)} off)</td></tr>
</table>
<p><a href="${escapeHtml(data.car_url)}" style="background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">View the car</a></p>`;
  const footer = `You are receiving this because you set up a price alert on Motorly. <a href="${escapeHtml(data.unsubscribe_url)}">Unsubscribe</a>`;
  return { subject, text, html: layout(test ? 'Price drop alert (test)' : 'Price drop alert', body, footer) };
}

export function renderPasswordRecovery(data: PasswordRecoveryData): RenderedEmail {
  const subject = 'Reset your Motorly password';
  const text = [
    'Someone asked to reset the password for your Motorly account.',
    '',
    `Reset your password: ${data.link}`,
    '',
    `Or enter this code: ${data.otp}`,
    '',
    'The link and code expire in 1 hour. If you did not ask for this, you can ignore this e-mail.',
  ].join('\n');
  const body = `<p>Someone asked to reset the password for your Motorly account.</p>
<p><a href="${escapeHtml(data.link)}" style="background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset password</a></p>
<p>Or enter this code: <strong style="font-size:18px;letter-spacing:2px">${escapeHtml(data.otp)}</strong></p>`;
  const footer = 'The link and code expire in 1 hour. If you did not ask for this, you can ignore this e-mail.';
  return { subject, text, html: layout('Reset your password', body, footer) };
}

export interface ConfirmationData {
  link: string;
  otp: string;
}

export const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;` +
  `text-decoration:none">${escapeHtml(label)}</a></p>`;
const codeLine = (otp: string) =>
  `<p>Or enter this code: <strong style="font-size:18px;letter-spacing:2px">${escapeHtml(otp)}</strong></p>`;

export function renderSignupConfirmation(data: ConfirmationData): RenderedEmail {
  const subject = 'Confirm your Motorly account';
  const footer = 'The link and code expire in 24 hours. If you did not sign up, you can ignore this e-mail.';
  const text = [
    'Welcome to Motorly! Confirm your e-mail address to finish signing up.',
    '',
    `Confirm your e-mail: ${data.link}`,
    '',
    `Or enter this code: ${data.otp}`,
    '',
    footer,
  ].join('\n');
  const body = `<p>Welcome to Motorly! Confirm your e-mail address to finish signing up.</p>
${button(data.link, 'Confirm e-mail')}
${codeLine(data.otp)}`;
  return { subject, text, html: layout('Confirm your e-mail', body, footer) };
}

export interface EmailChangeData extends ConfirmationData {
  newEmail: string;
  /** true for the mail to the current address, false for the one to the new address. */
  toCurrent: boolean;
}

export function renderEmailChange(data: EmailChangeData): RenderedEmail {
  const subject = 'Confirm the change of your Motorly e-mail address';
  const intro = data.toCurrent
    ? `Someone asked to change your Motorly account's e-mail address to ${data.newEmail}.`
    : `Someone asked to use ${data.newEmail} as the e-mail address of a Motorly account.`;
  const footer =
    'Both the old and the new address must confirm. The link and code expire in 24 hours. ' +
    'If you did not ask for this, ignore this e-mail and nothing changes.';
  const text = [intro, '', `Confirm the change: ${data.link}`, '', `Or enter this code: ${data.otp}`, '', footer].join(
    '\n',
  );
  const body = `<p>${escapeHtml(intro)}</p>
${button(data.link, 'Confirm the change')}
${codeLine(data.otp)}`;
  return { subject, text, html: layout('Confirm your new e-mail address', body, footer) };
}

export const MAIL_FROM = 'Motorly <no-reply@motorly.local>';
