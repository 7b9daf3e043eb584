import { z } from 'zod';

// Default zod messages in German, for every schema of both sides (ARCHITECTURE.md: German errors only).
// Every schema module takes `z` from here, so the web build, which drops modules it does not use, keeps
// the German messages wherever a schema is.
z.config(z.locales.de());

export { z };
