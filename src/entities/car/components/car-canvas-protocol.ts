import type { CarArtInput } from './car-art';

/** A picture asked of the car art worker, at width x height device pixels. */
export interface DrawRequest {
  id: number;
  input: CarArtInput;
  width: number;
  height: number;
}

/**
 * The picture as a blob: URL of a WebP (car-picture-encode.ts), made in the worker: made in
 * the page, URL.createObjectURL was a synchronous IPC of a few ms at 4x CPU. The page sends it back to revoke.
 */
export type DrawReply =
  | { id: number; url: string }
  | { id: number; error: string }
  /** A request cancelled before it was drawn. */
  | { id: number; cancelled: true };

export type PageMessage = DrawRequest | { cancel: number } | { revoke: string };
