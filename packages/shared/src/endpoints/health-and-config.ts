import type { PublicConfig } from '../app-config';
import type { HealthResponse } from '../health';
import { endpointTable, get } from './endpoint';

/** docs/api.md "Health and configuration". */
export const healthAndConfigEndpoints = endpointTable<HealthAndConfigShapes>()({
  health: get('/api/health'),
  config: get('/api/config'),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type HealthAndConfigShapes = {
  health: { response: HealthResponse };
  config: { response: PublicConfig };
};
