import type { ReadableFormat } from '@mde/contracts';
import type { FrameRead } from './decode-frame';
import type { DecodeResult } from './decode-image-data';
import type { Pixels } from './image-ops';

export interface DecodeRequest {
  id: number;
  /** 'frame': a camera frame already cropped to the scan area; 'still': a picked image file. */
  kind: 'frame' | 'still';
  pixels: Pixels;
  formats?: readonly ReadableFormat[];
}

export interface DecodeResponse {
  id: number;
  /** A frame's read says whether the frame alone is sure of it. */
  result: DecodeResult | FrameRead | null;
  error?: string;
}
