// Filled by its section of the admin area (docs/administration.md).
export {};
