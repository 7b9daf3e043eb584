import type { ContactDefinition } from '@mde/contracts';

/** The dynamic form 'userContact' of docs/spec.md §3; the server owns the definition so it can change without a release. */
export const USER_CONTACT_DEFINITION: ContactDefinition = {
  name: 'userContact',
  fields: [
    { name: 'email', label: 'E-Mail', type: 'email', required: true, maxLength: 200 },
    { name: 'telefon', label: 'Telefon', type: 'tel', required: false, maxLength: 40 },
    { name: 'mobil', label: 'Mobil', type: 'tel', required: false, maxLength: 40 },
    { name: 'abteilung', label: 'Abteilung', type: 'text', required: false, maxLength: 80 },
  ],
};
