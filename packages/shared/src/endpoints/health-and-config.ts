import type { PublicConfig } from '../app-config';
import type { HealthResponse } from '../health';
import { defineEndpoints, shapes } from './endpoint';

/** docs/api.md "Health and configuration". */
export const healthAndConfigEndpoints = defineEndpoints({
  health: { method: 'GET', path: '/api/health', shapes: shapes<{ response: HealthResponse }>() },
  config: { method: 'GET', path: '/api/config', shapes: shapes<{ response: PublicConfig }>() },
});
