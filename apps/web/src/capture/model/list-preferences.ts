// Per device and module: quick mode stays on for the next session; the current storage location only for
// this tab (a new counting round starts without one).
const quickKey = (module: string) => `mde.capture.quick.${module}`;
const locationKey = (module: string) => `mde.capture.location.${module}`;

export const loadQuickMode = (module: string) => localStorage.getItem(quickKey(module)) === '1';
export const saveQuickMode = (module: string, on: boolean) =>
  on ? localStorage.setItem(quickKey(module), '1') : localStorage.removeItem(quickKey(module));

export const loadLocation = (module: string) => sessionStorage.getItem(locationKey(module)) || null;
export function saveLocation(module: string, location: string | null): void {
  const value = location?.trim().toUpperCase() ?? '';
  if (value) sessionStorage.setItem(locationKey(module), value);
  else sessionStorage.removeItem(locationKey(module));
}
