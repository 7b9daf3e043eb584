import { MSG, type UserContext } from '@mde/contracts';
import { MODULES, mayUseModule } from '@mde/contracts/modules';
import { ApiError } from '../lib/api-client';
import { paths } from '../lib/paths';

type Module = (typeof MODULES)[number];
/** A refusal names its reason to the user, or none (notice null) where the screen it leads to says it. */
export type GuardDecision = { allow: true } | { allow: false; redirectTo: string; notice: string | null };
const allow: GuardDecision = { allow: true };

/** Where a failed context load sends the user: only a missing or expired session goes to login. */
export function authFailureRedirect(error: unknown, target: string): string | null {
  if (error instanceof ApiError && error.status === 401) return paths.login(target === paths.home ? undefined : target);
  return null;
}

/**
 * docs/spec.md §6: module routes are permission based; the storage-location module needs its role. A user sent back
 * to the overview is told why, or a link or bookmark seems to do nothing.
 */
export function moduleDecision(user: UserContext, module: Module): GuardDecision {
  // A link into a module waits for the own password (the overview asks for it): the module's loaders would
  // only meet the server's refusals.
  if (awaitsPasswordChange(user)) return { allow: false, redirectTo: paths.home, notice: null };
  if (mayUseModule(user, module)) return allow;
  return { allow: false, redirectTo: paths.home, notice: MSG.moduleNotEnabled(module.title) };
}

export function moduleByName(name: Module['name']): Module {
  const module = MODULES.find((m) => m.name === name);
  if (!module) throw new Error(`unknown module ${name}`);
  return module;
}

/** The module whose route the path starts with, for lazy route discovery. */
export function moduleForPath(pathname: string): Module | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  return MODULES.find((m) => m.route === first);
}

/**
 * Whether a loader that only guards (signed in, module allowed, module config there) runs again for a navigation.
 * Inside one module the answer cannot change between two of its screens, and running it costs the scan its
 * screen (a round through the router before the form is drawn); entering another module, reloading or an
 * explicit revalidation (the same address) runs it.
 */
export function guardRunsAgain({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (!defaultShouldRevalidate) return false;
  const from = moduleForPath(currentUrl.pathname);
  if (!from || from !== moduleForPath(nextUrl.pathname)) return true;
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search;
}

/** docs/spec.md §6: 'Lagerplatz-Artikel' is a menu entry only with the role; the other modules follow MODULES order. */
export function visibleModules(user: Pick<UserContext, 'permissions' | 'roles'>): Module[] {
  return MODULES.filter((m) => mayUseModule(user, m));
}

/**
 * Signed in with a one-time password: the server answers nothing but the password change, the context read and
 * logout until the user has their own (PASSWORD_CHANGE_REQUIRED), so the app asks for the change and starts no
 * other work (syncs, device report, notifications, pickers) before it.
 */
export const awaitsPasswordChange = (user: Pick<UserContext, 'mustChangePassword'> | undefined): boolean =>
  user?.mustChangePassword === true;

/** docs/spec.md §6: the password section is hidden for external users. */
export const showsPasswordSection = (user: Pick<UserContext, 'userKind'>) => user.userKind !== 'external';

/** docs/spec.md §4: 'open more settings' opens the edit-context dialog only when more than one editor exists. */
export const canOpenContextEditor = (user: Pick<UserContext, 'contextEditors'>) => user.contextEditors > 1;
