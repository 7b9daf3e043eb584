import { z } from 'zod';

// Default zod messages in German, for every schema of both sides (ARCHITECTURE.md: German errors only).
z.config(z.locales.de());
