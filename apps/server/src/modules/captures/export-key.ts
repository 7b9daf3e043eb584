// Client-generated (a UUID in our web app); bounded so a key cannot carry a payload of its own.
export const EXPORT_KEY_PATTERN = /^[\w.:-]{8,100}$/;
