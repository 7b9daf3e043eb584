import { z } from 'zod';

// Default zod messages in German, for every schema of both sides (docs/architecture.md#api-conventions: German errors only).
// Every schema module takes `z` from here, so the web build, which drops modules whose exports it does not
// use (the package has no side effects), keeps the German messages wherever a schema is, and carries no zod
// where only a module's constants are used.
z.config(z.locales.de());

export { z };
