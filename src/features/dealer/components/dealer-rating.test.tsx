// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DealerRating } from './dealer-rating';

describe('issue 34: a dealer rated 4.5 shows four and a half stars', () => {
  it('draws the average with a half star and reads it as "4.5 out of 5"', () => {
    render(
      <DealerRating
        profile={{
          hours: [],
          average: 4.5,
          reviewCount: 2,
          breakdown: [1, 1, 0, 0, 0],
          reviews: [{ author: 'Ann', stars: 4, date: '2026-10-01', title: 'Good', text: 'Helpful.' }],
        }}
      />,
    );
    const average = screen.getByRole('img', { name: '4.5 out of 5' });
    expect([...average.querySelectorAll('.rating-star')].map((s) => s.getAttribute('data-fill'))).toEqual([
      'full',
      'full',
      'full',
      'full',
      'half',
    ]);
    const review = screen.getByRole('img', { name: '4 out of 5 stars' });
    expect(within(review).queryAllByText('★')).toHaveLength(4);
  });
});
