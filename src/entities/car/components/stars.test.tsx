// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RatingStars, ratingLabel, starFills } from './stars';

afterEach(cleanup);

const drawn = () => [...document.querySelectorAll('.rating-star')].map((s) => s.getAttribute('data-fill')).join(' ');

describe('issue 34: stars show halves', () => {
  it('draws a 4.5 rating as 4 full stars and 1 half, labelled "4.5 out of 5"', () => {
    render(<RatingStars rating={4.5} />);
    expect(drawn()).toBe('full full full full half');
    expect(screen.getByRole('img', { name: '4.5 out of 5' })).toBeTruthy();
    expect(document.querySelectorAll('.rating-star__half')).toHaveLength(1);
  });

  it('rounds to the nearest half, and keeps to 0..5', () => {
    expect(starFills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(4.3)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(3.8)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(-1)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(Number.NaN)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('labels whole ratings without a decimal and keeps a given label', () => {
    expect(ratingLabel(4)).toBe('4 out of 5');
    expect(ratingLabel(4.46)).toBe('4.5 out of 5');
    render(<RatingStars rating={3} label="3 out of 5 stars" />);
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeTruthy();
    expect(drawn()).toBe('full full full empty empty');
  });
});
