import { type AuditLogEntry, auditActionLabel, auditObjectLabel } from '@mde/contracts';

// An entry in the store's words (docs/administration.md "Wörter der Administration"): the action from the
// catalogue, its object by name („Einmalpasswort gesetzt für filiale“), the id only where there is no name.

const nameOf = (e: AuditLogEntry) =>
  e.objectName ?? (e.objectId ? `${auditObjectLabel(e.objectType)} ${e.objectId}` : null);

/** The action, with the object it was done to where the catalogue's words ask for one („… für filiale“). */
export const actionText = (e: AuditLogEntry) => {
  const action = auditActionLabel(e.action);
  const name = e.objectName;
  return name && / (für|an|von)$/.test(action) ? `${action} ${name}` : action;
};

/** The object: its kind and its name („Benutzer filiale“), or its id while it has no name. */
export const objectText = (e: AuditLogEntry) => {
  const kind = auditObjectLabel(e.objectType);
  if (e.objectName) return `${kind} ${e.objectName}`;
  return nameOf(e) ?? kind;
};
