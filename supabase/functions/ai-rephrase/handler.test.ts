// ai-rephrase's handler with the model faked at fetch (runs under Deno and vitest).
import { assertEquals, functionRequest, jsonResponse, test, withFetch } from '../_testing/kit.ts';
import handler from './handler.ts';

const ENV = { AI_MODEL_URL: 'http://model.local/v1/', AI_MODEL_NAME: 'fake-model', AI_MODEL_API_KEY: 'k' };
const answer = {
  text: 'The Kia Sportage costs about £1,310 a year in fuel; the Nissan Qashqai about £1,240.',
  figures: ['£1,310', '£1,240'],
  cars: ['Kia Sportage', 'Nissan Qashqai'],
};
const reply = (content: string) => () => jsonResponse({ choices: [{ message: { role: 'assistant', content } }] });

test('ai-rephrase: 501 when no model is configured, 400 for a bad body', async () => {
  assertEquals(await (await handler(functionRequest(answer), {})).json(), { error: 'not_configured' });
  await withFetch(reply('x'), async (calls) => {
    assertEquals((await handler(functionRequest({ text: '' }), ENV)).status, 400);
    assertEquals(calls.length, 0);
  });
});

test('ai-rephrase: a faithful rephrase comes back, asked of the configured model with its key', async () => {
  const text = 'The Nissan Qashqai is cheaper on fuel (about £1,240 a year) than the Kia Sportage (£1,310).';
  await withFetch(reply(text), async (calls) => {
    const res = await handler(functionRequest(answer), ENV);
    assertEquals(await res.json(), { text, rephrased: true });
    assertEquals(calls[0].url.href, 'http://model.local/v1/chat/completions');
    assertEquals(calls[0].headers.get('authorization'), 'Bearer k');
    assertEquals((calls[0].body as { model: string }).model, 'fake-model');
  });
});

test('ai-rephrase: a changed figure is refused (original text), a failing model is 502', async () => {
  await withFetch(reply('The Kia Sportage costs £1,999 a year; the Nissan Qashqai £1,240.'), async () => {
    const body = (await (await handler(functionRequest(answer), ENV)).json()) as { text: string; rephrased: boolean };
    assertEquals([body.text, body.rephrased], [answer.text, false]);
  });
  await withFetch(
    () => jsonResponse({ error: 'down' }, 500),
    async () => {
      assertEquals((await handler(functionRequest(answer), ENV)).status, 502);
    },
  );
});
