// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { LeadThread } from '@/data/leads';
import type { Lead } from '@/data/types';
import { LeadInbox } from './lead-inbox';

function thread(email: string, phone: string): LeadThread {
  const lead: Lead = {
    id: crypto.randomUUID(),
    user_id: crypto.randomUUID(),
    vehicle_listing_id: crypto.randomUUID(),
    dealer_id: crypto.randomUUID(),
    name: 'Pat Buyer',
    email,
    phone,
    message: 'Is it still available?',
    status: 'new',
    part_exchange: false,
    part_exchange_registration: '',
    part_exchange_mileage: null,
    finance_interest: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
  return { lead, listing: undefined, dealer: undefined, messages: [], delivery: { state: 'sent' } };
}

const show = (t: LeadThread) =>
  render(
    <MemoryRouter>
      <LeadInbox threads={[t]} />
    </MemoryRouter>,
  );

describe('issue 31 hole 9: the lead inbox links contact details safely', () => {
  it('links a valid address and number', () => {
    show(thread('pat@example.com', '0113 496 0000'));
    expect(screen.getByText('pat@example.com').closest('a')?.getAttribute('href')).toBe('mailto:pat@example.com');
    expect(screen.getByText('0113 496 0000').closest('a')?.getAttribute('href')).toBe('tel:01134960000');
  });

  it('shows an address carrying mailto parameters as text, never as a link that copies someone in', () => {
    const { container } = show(thread('a@b.co?bcc=x%40evil.example', '0113?x=1'));
    expect(screen.getByText('a@b.co?bcc=x%40evil.example').closest('a')).toBeNull();
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.getByText('0113?x=1').closest('a')?.getAttribute('href')).toBe('tel:01131');
  });
});
