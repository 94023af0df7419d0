import { describe, expect, it } from 'vitest';
import { matchesName } from './match-name';

describe('matchesName', () => {
  it('accepts the slug, the display name and a spaced name', () => {
    expect(matchesName('land-rover', 'Land Rover', 'land-rover')).toBe(true);
    expect(matchesName('land-rover', 'Land Rover', 'Land%20Rover')).toBe(true);
    expect(matchesName('land-rover', 'Land Rover', 'land rover')).toBe(true);
    expect(matchesName('land-rover', 'Land Rover', 'rover')).toBe(false);
  });
});
