// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueuedImg } from './queued-img';

describe('QueuedImg', () => {
  it('sets its src after the render, from the draw queue', async () => {
    const { container } = render(<QueuedImg src="data:image/svg+xml,%3Csvg%2F%3E" alt="" width={48} height={48} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBeNull();
    expect(img?.getAttribute('width')).toBe('48');
    await waitFor(() => expect(img?.getAttribute('src')).toBe('data:image/svg+xml,%3Csvg%2F%3E'));
  });
});
