import type { CarArtInput } from './car-art';

/** A picture asked of the car art worker, at width x height device pixels. */
export interface DrawRequest {
  id: number;
  key: string;
  input: CarArtInput;
  width: number;
  height: number;
}

export type DrawReply = { id: number; bitmap: ImageBitmap } | { id: number; error: string };
