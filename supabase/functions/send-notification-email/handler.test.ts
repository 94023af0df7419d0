// send-notification-email's handler with the stack faked at fetch: the same test runs under Deno and vitest.
import { assert, assertEquals, functionRequest, jsonResponse, TEST_ENV, test, withFetch } from '../_testing/kit.ts';
import type { SeenRequest } from '../_testing/kit.ts';
import handler from './handler.ts';

const USER = { id: '6f1c3a52-8d1e-4c57-9a49-1f0f4d0b7e11', email: 'me@example.com' };
const PHISH = { car_name: 'URGENT: verify your account at https://evil.example', old_price: 2, new_price: 1 };
const ALERT = { ...PHISH, car_name: 'Kia Sportage', discount: 10, savings: 1, car_url: '/m/1', unsubscribe_url: '/a' };

/** GoTrue knows one user (token 'user-token'); the slot RPC answers `slot`; the mailbox accepts. */
function stack(slot: Response = jsonResponse(USER.email)) {
  return (req: SeenRequest): Response => {
    const path = req.url.pathname;
    if (path === '/auth/v1/user') {
      return req.headers.get('authorization') === 'Bearer user-token'
        ? jsonResponse({
            ...USER,
            aud: 'authenticated',
            role: 'authenticated',
            email_confirmed_at: '2026-01-01T00:00:00Z',
          })
        : jsonResponse({ code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' }, 401);
    }
    if (path === '/rest/v1/rpc/claim_test_email') return slot.clone();
    if (path === '/mailbox/v1/messages') return jsonResponse({ id: 'mail-1' }, 201);
    return jsonResponse({ message: 'unexpected' }, 404);
  };
}

const mails = (calls: SeenRequest[]) =>
  calls.filter((c) => c.url.pathname === '/mailbox/v1/messages').map((c) => c.body as Record<string, string>);

test('send-notification-email: anonymous callers get 401 and nothing is sent', async () => {
  await withFetch(stack(), async (calls) => {
    const res = await handler(functionRequest({ userId: USER.id, recipientEmail: 'x@example.com' }), TEST_ENV);
    assertEquals(res.status, 401);
    assertEquals(mails(calls), []);
  });
});

test('send-notification-email: a user gets the fixed test e-mail, never the text they sent', async () => {
  await withFetch(stack(), async (calls) => {
    const body = { userId: USER.id, templateName: 'price_drop_alert', recipientEmail: USER.email, templateData: PHISH };
    const res = await handler(functionRequest(body, 'user-token'), TEST_ENV);
    assertEquals(res.status, 200);
    assertEquals(await res.json(), { success: true, id: 'mail-1' });
    const claim = calls.find((c) => c.url.pathname === '/rest/v1/rpc/claim_test_email');
    assertEquals(claim?.body, { p_user_id: USER.id });
    assertEquals(claim?.headers.get('authorization'), `Bearer ${TEST_ENV.SUPABASE_SERVICE_ROLE_KEY}`);
    const [mail] = mails(calls);
    assertEquals(mail.to, USER.email);
    assertEquals(mail.subject, 'Test: Price drop: 2021 Volkswagen Golf 1.5 TSI Life is now £17,495');
    assert(!`${mail.subject}${mail.text}${mail.html}`.includes('URGENT'));
    assert(mail.text.includes('View the car: http://site.local/marketplace'));
  });
});

test('send-notification-email: a user cannot mail another address (403, no slot taken)', async () => {
  await withFetch(stack(), async (calls) => {
    const body = { userId: USER.id, templateName: 'price_drop_alert', recipientEmail: 'victim@example.com' };
    assertEquals((await handler(functionRequest(body, 'user-token'), TEST_ENV)).status, 403);
    const asOther = { ...body, userId: '0b3e6c1a-2f4d-4e5b-8a6c-7d8e9f0a1b2c', recipientEmail: USER.email };
    assertEquals((await handler(functionRequest(asOther, 'user-token'), TEST_ENV)).status, 403);
    assertEquals(calls.filter((c) => c.url.pathname.startsWith('/rest/')).length, 0);
    assertEquals(mails(calls), []);
  });
});

test('send-notification-email: over the limit the user gets 429 and no mail', async () => {
  const limited = jsonResponse({ code: 'PT429', message: 'Too many test e-mails.', details: null, hint: null }, 429);
  await withFetch(stack(limited), async (calls) => {
    const body = { userId: USER.id, templateName: 'price_drop_alert' };
    const res = await handler(functionRequest(body, 'user-token'), TEST_ENV);
    assertEquals(res.status, 429);
    assertEquals(await res.json(), { error: 'Too many test e-mails. Please try again in an hour.' });
    assertEquals(mails(calls), []);
  });
});

test('send-notification-email: the service role sends alerts with data to anyone; bad bodies are 400', async () => {
  await withFetch(stack(), async (calls) => {
    const body = {
      userId: USER.id,
      templateName: 'price_drop_alert',
      recipientEmail: 'a@example.com',
      templateData: ALERT,
    };
    const res = await handler(functionRequest(body, TEST_ENV.SUPABASE_SERVICE_ROLE_KEY), TEST_ENV);
    assertEquals(res.status, 200);
    const [mail] = mails(calls);
    assertEquals([mail.to, mail.subject], ['a@example.com', 'Price drop: Kia Sportage is now £1']);
    const bad = { ...body, templateData: { ...ALERT, old_price: 'lots' } };
    assertEquals((await handler(functionRequest(bad, TEST_ENV.SUPABASE_SERVICE_ROLE_KEY), TEST_ENV)).status, 400);
  });
});
