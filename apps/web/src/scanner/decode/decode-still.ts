import { FILE_CANVAS } from '../settings/constants';
import { type DecodeOptions, type DecodeResult, decodeImageData } from './decode-image-data';
import { type Pixels, padPixels } from './image-ops';

/**
 * File scan (§4, §9): the picture as it is first, then on the hidden canvas with padding 100 and minimum
 * height 300. The padded pass rescues codes printed up to the photo's edge (no quiet zone); it runs second
 * because the larger canvas makes ZXing downscale and lose thin 1D bars.
 */
export async function decodeStill(img: Pixels, options: DecodeOptions = {}): Promise<DecodeResult | null> {
  return (
    (await decodeImageData(img, options)) ??
    (await decodeImageData(padPixels(img, FILE_CANVAS.padding, FILE_CANVAS.minHeight), options))
  );
}
