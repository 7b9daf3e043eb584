import type { ScannerSource } from './scanner-settings';

export type ResolvedSource = 'camera' | 'file';

/**
 * docs/spec.md §4 "Source resolution": file → file, camera → camera, prompt → ask (dismissed = cancelled, signalled by
 * `ask` resolving null), unset → camera if a video input exists, else file.
 */
export async function resolveSource(
  source: ScannerSource | null,
  hasVideoInput: () => Promise<boolean>,
  ask: () => Promise<ResolvedSource | null>,
): Promise<ResolvedSource | null> {
  if (source === 'file' || source === 'camera') return source;
  if (source === 'prompt') return ask();
  return (await hasVideoInput()) ? 'camera' : 'file';
}
