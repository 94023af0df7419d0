// E-mails about an enquiry (issue 33): a new lead and a buyer's further message go to the dealer's
// members, a dealer's reply goes to the buyer. The database queues them (20261128004250) with the car's
// catalogue name and a site-relative link only: no buyer or dealer text is ever put into these mails.
import { button, escapeHtml, layout, subjectText, type RenderedEmail } from './templates.ts';

export const LEAD_TEMPLATES = ['new_lead', 'lead_message', 'lead_reply'] as const;
export type LeadTemplate = (typeof LEAD_TEMPLATES)[number];

export function isLeadTemplate(name: string): name is LeadTemplate {
  return (LEAD_TEMPLATES as readonly string[]).includes(name);
}

export interface LeadMailData {
  car_name: string;
  /** Absolute link to the thread (the sender makes the queued path absolute). */
  lead_url: string;
  unsubscribe_url: string;
}

const WORDING: Record<LeadTemplate, { subject: string; heading: string; intro: string; action: string; why: string }> =
  {
    new_lead: {
      subject: 'New enquiry',
      heading: 'You have a new enquiry',
      intro: 'A buyer has sent an enquiry about the %car%.',
      action: 'Open the lead',
      why: 'You are receiving this because you are a member of a dealership on Motorly.',
    },
    lead_message: {
      subject: 'New message',
      heading: 'A buyer has written again',
      intro: 'The buyer who enquired about the %car% has sent another message.',
      action: 'Open the lead',
      why: 'You are receiving this because you are a member of a dealership on Motorly.',
    },
    lead_reply: {
      subject: 'Dealer reply',
      heading: 'The dealer has replied',
      intro: 'The dealer has replied to your enquiry about the %car%.',
      action: 'Read the reply',
      why: 'You are receiving this because you sent an enquiry on Motorly.',
    },
  };

/** One lead e-mail; the car's name is the only variable text and is kept to one line. */
export function renderLeadEmail(template: LeadTemplate, data: LeadMailData): RenderedEmail {
  const w = WORDING[template];
  const car = subjectText(data.car_name) || 'car';
  const intro = w.intro.replace('%car%', car);
  const subject = `${w.subject}: ${car}`;
  const text = [
    intro,
    'Sign in to Motorly to read the conversation and reply.',
    '',
    `${w.action}: ${data.lead_url}`,
    '',
    `${w.why} Change your e-mail settings: ${data.unsubscribe_url}`,
  ].join('\n');
  const body = `<p>${escapeHtml(intro)}</p>
<p>Sign in to Motorly to read the conversation and reply.</p>
${button(data.lead_url, w.action)}`;
  const footer = `${escapeHtml(w.why)} <a href="${escapeHtml(data.unsubscribe_url)}">Change your e-mail settings</a>`;
  return { subject, text, html: layout(w.heading, body, footer) };
}
