import { FILE_MESSAGES } from '../core/messages';
import { FILE_NAME } from '../settings/constants';

// docs/spec.md §5 "Image picking": .jpg, .jpeg, .png, .gif and exactly one file.
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

export const isAcceptedImageName = (name: string): boolean =>
  IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export type PickResult = { ok: true; file: File } | { ok: false; message: string };

/** Validates a file pick; a wrong count or a non-image gives the spec's message. */
export function validatePick(files: ArrayLike<File> | null | undefined): PickResult {
  if (!files || files.length === 0) return { ok: false, message: FILE_MESSAGES.noFiles };
  const file = files[0];
  if (files.length !== 1 || !file || !isAcceptedImageName(file.name)) {
    return { ok: false, message: FILE_MESSAGES.wrongCount };
  }
  return { ok: true, file };
}

/** Dropped files must be of image type (docs/spec.md §5). */
export const isDroppableImage = (file: File): boolean => file.type.startsWith('image/');

/** File names over 20 characters keep their first and last 8 (docs/spec.md §9), so the dialog stays one line. */
export function shortenFileName(name: string): string {
  if (name.length <= FILE_NAME.maxLength) return name;
  return `${name.slice(0, FILE_NAME.keep)}...${name.slice(-FILE_NAME.keep)}`;
}
