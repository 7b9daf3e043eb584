import { z } from 'zod';
import { BOUND_MSG, type BoundUnit, VALUE_MSG } from './messages';

// Default zod messages in German, for every schema of both sides (docs/architecture.md#api-conventions: German errors only).
// Every schema module takes `z` from here, so the web build, which drops modules whose exports it does not
// use (the package has no side effects), keeps the German messages wherever a schema is, and carries no zod
// where only a module's constants are used.
z.config(z.locales.de());

const UNITS: Partial<Record<string, BoundUnit>> = { string: 'Zeichen', array: 'Einträge', set: 'Einträge' };
const isCounted = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint' || origin in UNITS;

// zod's German sentence for a bound speaks of types ('Zu groß: erwartet, dass number <=999999999 ist'); a bound
// is said as the app says it (messages.ts BOUND_MSG) wherever a schema refuses a value: screens, API, imports.
// zod's German sentence for a value outside a list ('Ungültige Option: erwartet eine von "a"|"b"') is worded the
// app's way too, and a number that must not be negative says so rather than 'Mindestens 0'.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_value') return VALUE_MSG.oneOf(issue.values);
    if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
    if (!isCounted(issue.origin)) return undefined;
    const unit = UNITS[issue.origin];
    if (issue.code === 'too_small' && !unit && issue.inclusive && Number(issue.minimum) === 0) {
      return VALUE_MSG.notNegative;
    }
    if (issue.code === 'too_big') {
      return issue.inclusive || unit ? BOUND_MSG.atMost(issue.maximum, unit) : BOUND_MSG.below(issue.maximum);
    }
    return issue.inclusive || unit ? BOUND_MSG.atLeast(issue.minimum, unit) : BOUND_MSG.above(issue.minimum);
  },
});

export { z };
