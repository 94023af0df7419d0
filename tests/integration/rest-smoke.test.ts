import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from './helpers';

describe('stack smoke', () => {
  it('answers a select through supabase-js', async () => {
    const { error, status } = await anonClient().from('brands').select('id').limit(1);
    expect(error).toBeNull();
    expect(status).toBe(200);
  });
  it('lets the service role insert and read back', async () => {
    const { data, error } = await serviceClient().from('brands').insert({ slug: 'smoke-brand', name: 'Smoke Brand' }).select('slug').single();
    expect(error).toBeNull();
    expect(data).toEqual({ slug: 'smoke-brand' });
  });
});
