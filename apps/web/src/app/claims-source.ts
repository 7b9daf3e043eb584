// Requests to a claims-related URL carry the device's stored claims (docs/spec.md §7). Wired by import, before
// the router's module: creating the router runs the first screen's loaders at once, and their user context
// request must already find the claims source.
import { setClaimsSource } from '../lib/api-client';
import { loadClaims } from '../session/claims';

setClaimsSource(loadClaims);
