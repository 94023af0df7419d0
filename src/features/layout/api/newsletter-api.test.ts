import { describe, expect, it } from 'vitest';
import { subscribeNewsletter, type NewsletterRpc } from './newsletter-api';

function fakeClient(answer: { error: { code: string } | null; status: number } | Error): {
  client: NewsletterRpc;
  calls: unknown[];
} {
  const calls: unknown[] = [];
  const client: NewsletterRpc = {
    rpc: async (name, args) => {
      calls.push([name, args]);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { client, calls };
}

describe('subscribeNewsletter', () => {
  it('refuses a malformed address without calling the server', async () => {
    const { client, calls } = fakeClient({ error: null, status: 204 });
    expect(await subscribeNewsletter('not-an-address', client)).toMatchObject({
      ok: false,
      message: 'Invalid email format',
    });
    expect(calls).toEqual([]);
  });

  it('sends the trimmed address and reports success', async () => {
    const { client, calls } = fakeClient({ error: null, status: 204 });
    expect(await subscribeNewsletter('  reader@example.co.uk ', client)).toEqual({ ok: true });
    expect(calls).toEqual([['subscribe_newsletter', { email: 'reader@example.co.uk' }]]);
  });

  it("maps 429, the server's 22023 and a network failure to the spec's messages", async () => {
    const limited = await subscribeNewsletter('a@b.co', fakeClient({ error: { code: 'PT429' }, status: 429 }).client);
    expect(limited).toMatchObject({ ok: false, message: 'Too many attempts. Please try again later.' });
    const invalid = await subscribeNewsletter('a@b.co', fakeClient({ error: { code: '22023' }, status: 400 }).client);
    expect(invalid).toMatchObject({ ok: false, message: 'Invalid email format' });
    const down = await subscribeNewsletter('a@b.co', fakeClient(new TypeError('Failed to fetch')).client);
    expect(down).toMatchObject({ ok: false, reason: 'offline' });
  });
});
