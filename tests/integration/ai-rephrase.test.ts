// The optional server language model: ai-rephrase against a fake OpenAI-compatible endpoint on 127.0.0.1.
// A faithful rephrase passes; one that changes a figure or brings in another car is refused (the grounded
// text comes back); without configuration the function answers 501 through the local stack.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import handler from '../../supabase/functions/ai-rephrase/handler';
import { anonClient } from './helpers';

const answer = {
  text: 'The Kia Sportage costs about £1,310 a year in fuel at 8,500 miles; the Nissan Qashqai about £1,240.',
  figures: ['£1,310', '8,500 miles', '£1,240'],
  cars: ['Kia Sportage', 'Nissan Qashqai'],
};

let server: Server;
let baseUrl = '';
let nextReply = '';
const seen: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) as (typeof seen)[number]['body'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: nextReply } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const env = () => ({ AI_MODEL_URL: baseUrl, AI_MODEL_API_KEY: 'test-key', AI_MODEL_NAME: 'fake-model' });
const ask = (body: unknown) =>
  handler(new Request('http://local/functions/v1/ai-rephrase', { method: 'POST', body: JSON.stringify(body) }), env());

describe('ai-rephrase', () => {
  it('returns a faithful rephrase, asking the configured model with the key', async () => {
    nextReply =
      'At 8,500 miles a year the Nissan Qashqai is cheaper on fuel (about £1,240) than the Kia Sportage (£1,310).';
    const res = await ask(answer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: nextReply, rephrased: true });
    const last = seen.at(-1);
    expect(last?.auth).toBe('Bearer test-key');
    expect(last?.body.model).toBe('fake-model');
    expect(last?.body.messages.at(-1)).toEqual({ role: 'user', content: answer.text });
  });

  it('refuses a rephrase that changes a figure or names another car, returning the grounded text', async () => {
    nextReply = 'At 8,500 miles the Nissan Qashqai costs about £1,140 and the Kia Sportage £1,310.';
    const changed = (await (await ask(answer)).json()) as { text: string; rephrased: boolean; reason: string };
    expect(changed).toMatchObject({ text: answer.text, rephrased: false });
    expect(changed.reason).toContain('£1,240');

    nextReply =
      'At 8,500 miles the Nissan Qashqai costs £1,240 and the Kia Sportage £1,310, but a Toyota C-HR beats both.';
    const invented = (await (await ask(answer)).json()) as { text: string; rephrased: boolean; reason: string };
    expect(invented).toEqual({ text: answer.text, rephrased: false, reason: 'car not in the answer: Toyota' });
  });

  it('answers 400 to a malformed body and 502 when the model is unreachable', async () => {
    expect((await ask({ text: '', figures: [], cars: [] })).status).toBe(400);
    const down = await handler(
      new Request('http://local/functions/v1/ai-rephrase', { method: 'POST', body: JSON.stringify(answer) }),
      { AI_MODEL_URL: 'http://127.0.0.1:9/v1', AI_MODEL_NAME: 'fake-model' },
    );
    expect(down.status).toBe(502);
  });

  it('is off by default: 501 not_configured through the local stack', async () => {
    const { error } = await anonClient().functions.invoke('ai-rephrase', { body: answer });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ error: 'not_configured' });
  });
});
