/**
 * The shell's door into the scanner subsystem (src/scanner): loaded lazily, so the login page and the
 * overview do not carry the decoder until a scan or a scanner screen needs it.
 */
export const loadScanner = () => import('../scanner');
