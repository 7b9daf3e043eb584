// Every German sentence the server sends and the forms show; the catalogue of docs/spec.md §8 word for word.
export const MSG = {
  loginFailedSubject: 'Login Fehlgeschlagen',
  loginUnauthorized: 'Benutzername und/oder Passwort sind inkorrekt',
  loginNoConnection: 'Es konnte keine Verbindung zum Server hergestellt werden...',
  unexpectedError: 'Ein unerwarteter Fehler ist aufgetreten!',
  sessionExpired: 'Sie wurden aufgrund von Inaktivität automatisch abgemeldet',
  loggedOut: 'Sie wurden erfolgreich abgemeldet',
  tokenNotSent: 'Es konnte kein Bestätigungscode versendet werden',
  passwordNotReset: 'Ihr Passwort konnte nicht zurückgesetzt werden',
  tokenSent: 'Falls die Angaben stimmen, wurde ein Bestätigungscode an Ihre E-Mail-Adresse gesendet',
  passwordResetDone: 'Ihr Passwort wurde zurückgesetzt',
  passwordChanged: 'Ihr Passwort wurde geändert',
  passwordsDiffer: 'Die Passwörter stimmen nicht überein!',
  contextChanged: 'Der Context wurde geändert',
  contactChanged: 'Der Kontakt wurde geändert',
  contactNoDefinition: 'Für das Kontaktformular wurde keine Definition gefunden',
  notAuthenticated: 'Sie sind nicht angemeldet',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion',
  /** 403 PASSWORD_CHANGE_REQUIRED: signed in with a one-time password, only the change to an own one is open. */
  passwordChangeRequired:
    'Sie haben sich mit einem Einmalpasswort angemeldet. Bitte legen Sie zuerst Ihr eigenes Passwort fest.',
  moduleNotEnabled: (module: string) => `Das Modul „${module}“ ist für Ihren Benutzer nicht freigeschaltet`,
  notFound: 'Der Eintrag wurde nicht gefunden',
  routeNotFound: 'Diese Adresse gibt es nicht',
  methodNotAllowed: 'Diese Methode ist für diese Adresse nicht erlaubt',
  badRequest: 'Die Anfrage ist ungültig',
  badClaims: 'Die mitgesendeten Anmeldedaten des Geräts sind ungültig',
  malformedJson: 'Die Anfrage enthält kein gültiges JSON',
  invalidData: 'Die Anfrage enthält einen Wert, der nicht verarbeitet werden kann',
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut',
  serverBusy: 'Der Server ist gerade ausgelastet. Bitte versuchen Sie es in einem Moment erneut',
  tooManyLoginAttempts: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es später erneut',
  loginThrottled: (seconds: number) =>
    `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${waitText(seconds)} und versuchen Sie es dann erneut`,
  contextNotAllowed: 'Dieser Kontext steht Ihnen nicht zur Verfügung',
  currentPasswordWrong: 'Das aktuelle Passwort ist nicht korrekt',
  payloadTooLarge: 'Die Anfrage ist zu groß',
  uriTooLong: 'Die Adresse der Anfrage ist zu lang',
  headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß',
  requestTimeout: 'Die Anfrage kam nicht rechtzeitig vollständig an',
  required: 'Pflichtfeld',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  tooLong: 'Die Eingabe ist zu lang',
  invalidValue: 'Ungültiger Wert',
  unknownField: 'Unbekanntes Feld',
  minLength: (n: number) => `Mindestens 8 Zeichen (aktuell ${n})`,
  needUpper: 'Mindestens ein Großbuchstabe',
  needLower: 'Mindestens ein Kleinbuchstabe',
  needNumber: 'Mindestens eine Zahl',
  needSpecial: 'Mindestens ein Sonderzeichen',
} as const;

/** A wait as the user reads it: seconds under two minutes, whole minutes (rounded up) beyond. */
function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s === 1) return '1 Sekunde';
  if (s < 120) return `${s} Sekunden`;
  return `${Math.ceil(s / 60)} Minuten`;
}

const germanNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });
/** What a bound counts: characters of a text, entries of a list, or (none) the number itself. */
export type BoundUnit = 'Zeichen' | 'Einträge' | undefined;
const counted = (n: number | bigint, unit: BoundUnit) =>
  `${germanNumber.format(n)}${unit ? ` ${n === 1 && unit === 'Einträge' ? 'Eintrag' : unit}` : ''}`;

/**
 * How every schema's bound is worded, on the screens, in the API's `fields` and in an import's refusals
 * ('Höchstens 999.999.999', 'Mindestens 1 Eintrag', 'Höchstens 40 Zeichen'): zod.ts words its bound
 * issues with these, and a rule with a bound of its own (a quantity) names it the same way.
 */
export const BOUND_MSG = {
  atMost: (n: number | bigint, unit?: BoundUnit) => `Höchstens ${counted(n, unit)}`,
  atLeast: (n: number | bigint, unit?: BoundUnit) => `Mindestens ${counted(n, unit)}`,
  below: (n: number | bigint) => `Kleiner als ${germanNumber.format(n)}`,
  above: (n: number | bigint) => `Größer als ${germanNumber.format(n)}`,
};

const ALLOWED_SHOWN = 10;
/**
 * How a value of the wrong kind is named wherever a schema refuses it without a sentence of its own: zod.ts
 * for every schema (a negative number, a value outside a list), and the integration API's rows
 * (integration-reasons.ts: a wrong JSON type, a date that is none).
 */
export const VALUE_MSG = {
  notNegative: 'Der Wert darf nicht negativ sein',
  oneOf: (values: readonly unknown[]) =>
    `Ungültiger Wert (erlaubt: ${values
      .slice(0, ALLOWED_SHOWN)
      .map(String)
      .join(', ')}${values.length > ALLOWED_SHOWN ? ', …' : ''})`,
  expected: (what: string) => `Ungültiger Wert: erwartet wird ${what}`,
  date: 'Kein gültiges Datum (erwartet JJJJ-MM-TT)',
  dateTime: 'Kein gültiger Zeitpunkt (erwartet ISO 8601 mit Zeitzone, z. B. 2025-06-02T09:14:00+02:00)',
};
