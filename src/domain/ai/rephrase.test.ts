import { describe, expect, it } from 'vitest';
import { quotedFigures, rephraseRequest } from './rephrase';

describe('quotedFigures', () => {
  it('lists prices, decimals and percentages as written, once each, without trailing punctuation', () => {
    expect(quotedFigures('About £1,120 a year at 8,500 miles, 52.3 mpg; £1,120 again, 7% off, group 14.')).toEqual([
      '£1,120',
      '8,500',
      '52.3',
      '7%',
      '14',
    ]);
  });
});

describe('rephraseRequest', () => {
  it('carries the text, its figures and the named cars', () => {
    expect(rephraseRequest('The Kia Sportage costs £1,310.', ['Kia Sportage', 'Kia Sportage'])).toEqual({
      text: 'The Kia Sportage costs £1,310.',
      figures: ['£1,310'],
      cars: ['Kia Sportage'],
    });
  });
});
