import { afterEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@/sync/client', () => ({ getSupabase: () => ({ functions: { invoke } }) }));

const { rephraseGroundedAnswer } = await import('./ai-rephrase');
const request = { text: 'The Kia Sportage costs £1,310.', figures: ['£1,310'], cars: ['Kia Sportage'] };

afterEach(() => {
  vi.unstubAllEnvs();
  invoke.mockReset();
});

describe('rephraseGroundedAnswer', () => {
  it('is off unless the build enables it: the grounded text, no call', async () => {
    vi.stubEnv('VITE_AI_REPHRASE', '');
    expect(await rephraseGroundedAnswer(request)).toBe(request.text);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('uses an accepted rephrase when enabled', async () => {
    vi.stubEnv('VITE_AI_REPHRASE', '1');
    invoke.mockResolvedValue({ data: { text: 'At £1,310 the Kia Sportage...', rephrased: true }, error: null });
    expect(await rephraseGroundedAnswer(request)).toBe('At £1,310 the Kia Sportage...');
    expect(invoke).toHaveBeenCalledWith('ai-rephrase', expect.objectContaining({ body: request }));
  });

  it('falls back to the grounded text on a refusal, an error or a throw', async () => {
    vi.stubEnv('VITE_AI_REPHRASE', '1');
    invoke.mockResolvedValueOnce({ data: { text: request.text, rephrased: false, reason: 'x' }, error: null });
    expect(await rephraseGroundedAnswer(request)).toBe(request.text);
    invoke.mockResolvedValueOnce({ data: null, error: new Error('501') });
    expect(await rephraseGroundedAnswer(request)).toBe(request.text);
    invoke.mockRejectedValueOnce(new Error('offline'));
    expect(await rephraseGroundedAnswer(request)).toBe(request.text);
  });
});
