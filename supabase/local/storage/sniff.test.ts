import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'))).toBe('image/png');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses text, other formats and truncated signatures', () => {
    expect(sniffImage(bytes('hello, this is not a photo'))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a]))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it('looks at the bytes only where they belong', () => {
    expect(sniffImage(bytes([0], [0xff, 0xd8, 0xff]))).toBeNull();
    expect(sniffImage(bytes('xxxxRIFFxxxxWEBP'))).toBeNull();
  });
});
