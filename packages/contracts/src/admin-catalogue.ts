import { MODULES } from './modules';
import type { Permission, Role } from './permissions';

// The administration's words (docs/administration.md "Wörter der Administration"): what a permission grants,
// what an audit entry did and to what, in the store's own German. Screens, filters and the audit details all
// read them from here, so a name is changed in one place; a code not (yet) listed shows as itself.

/** What a permission grants, as the menu names the module (the delivery-note permission: what it allows). */
const PERMISSION_LABELS: Record<Permission, string> = {
  BESTELLVORSCHLAG: 'Bestellvorschlag',
  BESTELLUNG: 'Bestellung',
  INVENTUR: 'Inventur',
  WARENVERPROBUNG: 'Warenverprobung',
  RETOUREN: 'Retouren',
  ARTIKELINFO: 'Artikel-Info',
  GUTSCHEINKARTE: 'Gutscheinkarten',
  ARTIKELVORRAT: 'Artikelvorrat',
  'SOFTAPPS.DELIVERY_NOTE_EDIT': 'Lieferscheine bearbeiten',
  ADMINISTRATION: 'Administration',
};

/** The roles a user can be given, named for the module they open. */
const ROLE_LABELS: Record<Role, string> = {
  ROLE_LOCATIONASSIGNMENT_SERVICE: 'Lagerplatz-Artikel',
};

/** What an audit entry's action did, as a past participle („Einmalpasswort gesetzt für filiale“). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Benutzer angelegt',
  'user.update': 'Benutzer geändert',
  'user.disable': 'Benutzer deaktiviert',
  'user.enable': 'Benutzer aktiviert',
  'user.one-time-password': 'Einmalpasswort gesetzt für',
  'user.password-reset-mail': 'Passwort-Reset-Mail gesendet an',
  'user.unlock': 'Anmeldesperre aufgehoben für',
  'password.reset-request': 'Passwort-Reset angefordert von',
  'password.reset': 'Passwort zurückgesetzt von',
  'password.change': 'Passwort geändert von',
  'login.lock': 'Anmeldung gesperrt',
  'store.create': 'Filiale angelegt',
  'store.update': 'Filiale geändert',
  'account.create': 'Konto angelegt',
  'account.update': 'Konto geändert',
  'warehouse.create': 'Lager angelegt',
  'warehouse.update': 'Lager geändert',
  'storage-location.create': 'Lagerplatz angelegt',
  'storage-location.update': 'Lagerplatz geändert',
  'module-config.set': 'Moduleinstellung geändert',
  'api-key.create': 'API-Schlüssel angelegt',
  'api-key.revoke': 'API-Schlüssel widerrufen',
  'api-key.new-address': 'API-Schlüssel von neuer Adresse benutzt',
  'webhook.create': 'Webhook angelegt',
  'webhook.disable': 'Webhook abgeschaltet',
  'webhook.redeliver': 'Webhook-Zustellung wiederholt',
  'device.rename': 'Gerät umbenannt',
};

/** The kinds of object an audit entry is about. */
export const AUDIT_OBJECT_LABELS: Record<string, string> = {
  user: 'Benutzer',
  store: 'Filiale',
  account: 'Konto',
  warehouse: 'Lager',
  'storage-location': 'Lagerplatz',
  'module-config': 'Moduleinstellung',
  'api-key': 'API-Schlüssel',
  webhook: 'Webhook',
  'webhook-delivery': 'Webhook-Zustellung',
  login: 'Anmeldung',
  device: 'Gerät',
};

/** The fields of an audited object, as the forms label them. */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  username: 'Benutzername',
  fullName: 'Voller Name',
  email: 'E-Mail',
  kind: 'Art',
  permissions: 'Berechtigungen',
  roles: 'Rollen',
  accountIds: 'Konten',
  vkforgIds: 'Filialen',
  accountId: 'Standard-Konto',
  vkforgId: 'Standard-Filiale',
  firmaId: 'Firma',
  disabled: 'Deaktiviert',
  oneTimePassword: 'Einmalpasswort',
  mustChangePassword: 'Passwortwechsel offen',
  loginFailures: 'Fehlversuche',
  module: 'Modul',
  key: 'Einstellung',
  value: 'Wert',
  vkforg: 'Nummer',
  kurzbezeichnung: 'Bezeichnung',
  number: 'Nummer',
  name: 'Name',
  code: 'Lagerplatz',
  zone: 'Zone',
  barcode: 'Barcode',
  store: 'Filiale',
  lock: 'Gesperrt',
  throttleKey: 'Sperrschlüssel',
  address: 'Adresse',
};

/** A login lock's kind (the `lock` field of „Anmeldung gesperrt“): what the throttle locked. */
const LOCK_LABELS: Record<string, string> = {
  account: 'das Benutzerkonto',
  address: 'die Adresse',
};

const labelOf = (labels: Record<string, string>, code: string) =>
  Object.hasOwn(labels, code) ? (labels[code] as string) : code;

export const permissionLabel = (code: string) => labelOf(PERMISSION_LABELS, code);
export const roleLabel = (code: string) => labelOf(ROLE_LABELS, code);
export const auditActionLabel = (code: string) => labelOf(AUDIT_ACTION_LABELS, code);
export const auditObjectLabel = (code: string) => labelOf(AUDIT_OBJECT_LABELS, code);
export const auditFieldLabel = (code: string) => labelOf(AUDIT_FIELD_LABELS, code);

/**
 * A field's value in words where the value is itself a code: a module by its menu title (a module setting's
 * `module`), a login lock by what it locked. Any other value is shown as it is.
 */
export function auditValueLabel(field: string, value: string): string {
  if (field === 'module') return MODULES.find((m) => m.route === value || m.name === value)?.title ?? value;
  if (field === 'lock') return labelOf(LOCK_LABELS, value);
  return value;
}
