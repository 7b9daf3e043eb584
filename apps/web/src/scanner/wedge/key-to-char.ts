export interface WedgeKey {
  /** `KeyboardEvent.key`: layout-aware, so a German QWERTZ layout yields the character the scanner meant. */
  key: string;
  t: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export type KeyKind =
  | { kind: 'char'; char: string }
  | { kind: 'control'; code: number }
  | { kind: 'terminator'; name: 'Enter' | 'Tab' }
  | { kind: 'ignore' }
  | { kind: 'other' };

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock', 'Dead']);

/**
 * Classifies one key. Zebra firmware sets altKey on plain scanner keys and AltGr on QWERTZ reports
 * ctrl+alt, so a printable `key` counts as that character whatever the modifiers say; only ctrl alone with
 * a caret-notation key (Ctrl+] = GS, ASCII 29, how Honeywell/Datalogic type FNC1) is a control character.
 */
export function classifyKey(k: WedgeKey): KeyKind {
  if (MODIFIER_KEYS.has(k.key)) return { kind: 'ignore' };
  if (k.key === 'Enter') return { kind: 'terminator', name: 'Enter' };
  if (k.key === 'Tab') return { kind: 'terminator', name: 'Tab' };
  if (k.metaKey) return { kind: 'other' };
  if (k.key.length === 1) {
    const code = k.key.charCodeAt(0);
    if (code < 32 || code === 127) return { kind: 'control', code };
    if (k.ctrlKey && !k.altKey) {
      const upper = k.key.toUpperCase().charCodeAt(0);
      if (upper >= 64 && upper <= 95) return { kind: 'control', code: upper & 0x1f };
      return { kind: 'other' };
    }
    return { kind: 'char', char: k.key };
  }
  // Some Android IMEs report the separator by name.
  if (k.key === 'GroupSeparator') return { kind: 'control', code: 29 };
  return { kind: 'other' };
}
