import { describe, expect, it } from 'vitest';
import { isLeadTemplate, renderLeadEmail } from './lead-templates.ts';

const data = {
  car_name: '2021 Ford Focus',
  lead_url: 'https://motorly.example/dealer/dashboard?lead=abc',
  unsubscribe_url: 'https://motorly.example/account',
};

describe('lead e-mails', () => {
  it('knows its three templates and no others', () => {
    expect(['new_lead', 'lead_message', 'lead_reply'].every(isLeadTemplate)).toBe(true);
    expect(isLeadTemplate('price_drop_alert')).toBe(false);
  });

  it('names the car and links the thread', () => {
    const mail = renderLeadEmail('new_lead', data);
    expect(mail.subject).toBe('New enquiry: 2021 Ford Focus');
    expect(mail.text).toContain('A buyer has sent an enquiry about the 2021 Ford Focus.');
    expect(mail.text).toContain('Open the lead: https://motorly.example/dealer/dashboard?lead=abc');
    expect(mail.html).toContain('href="https://motorly.example/dealer/dashboard?lead=abc"');
    expect(renderLeadEmail('lead_reply', data).subject).toBe('Dealer reply: 2021 Ford Focus');
  });

  it('keeps a bad name to one line in the subject and escaped in the HTML', () => {
    const mail = renderLeadEmail('lead_message', { ...data, car_name: 'Car\r\nBcc: x@evil.example <b>' });
    expect(mail.subject).toBe('New message: Car Bcc: x@evil.example <b>');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
