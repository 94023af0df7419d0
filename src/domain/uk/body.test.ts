import { describe, expect, it } from 'vitest';
import {
  BODY_STYLES,
  BODY_STYLE_SYNONYMS,
  FUEL_TYPES,
  bodyStyleFromWord,
  bodyStyleLabel,
  canonicalBodyList,
  fuelLabel,
  isBodyStyle,
  isFuelType,
} from './body';

describe('UK labels', () => {
  it('says saloon and estate', () => {
    expect(bodyStyleLabel('sedan')).toBe('Saloon');
    expect(bodyStyleLabel('wagon')).toBe('Estate');
    expect(bodyStyleLabel('suv')).toBe('SUV');
    expect(fuelLabel('electric')).toBe('Electric');
    expect(fuelLabel('plugin_hybrid')).toBe('Plug-in hybrid');
  });

  it('covers the SPEC option lists, plus plug-in hybrid as its own fuel (issue 34)', () => {
    expect([...FUEL_TYPES]).toEqual(['petrol', 'diesel', 'electric', 'hybrid', 'plugin_hybrid']);
    expect([...BODY_STYLES]).toEqual(['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible']);
    expect(isFuelType('lpg')).toBe(false);
    expect(isBodyStyle('coupe')).toBe(true);
  });
});

describe('body synonyms (issue 34)', () => {
  it('reads saloon and sedan, estate and wagon, in any case', () => {
    expect(bodyStyleFromWord('saloon')).toBe('sedan');
    expect(bodyStyleFromWord('Sedan')).toBe('sedan');
    expect(bodyStyleFromWord('ESTATE')).toBe('wagon');
    expect(bodyStyleFromWord('wagon')).toBe('wagon');
    expect(bodyStyleFromWord(' station wagon ')).toBe('wagon');
    expect(bodyStyleFromWord('van')).toBeUndefined();
    expect(bodyStyleFromWord('constructor')).toBeUndefined();
  });

  it('maps every synonym onto a real body style, and every body style onto itself', () => {
    for (const style of Object.values(BODY_STYLE_SYNONYMS)) expect(isBodyStyle(style)).toBe(true);
    for (const style of BODY_STYLES) expect(bodyStyleFromWord(style)).toBe(style);
  });

  it('canonicalises a URL list and keeps unknown words for the reader to drop', () => {
    expect(canonicalBodyList('saloon,Estate,suv')).toBe('sedan,wagon,suv');
    expect(canonicalBodyList('saloon,lorry')).toBe('sedan,lorry');
  });
});
