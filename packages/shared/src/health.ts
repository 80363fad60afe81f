import { z } from './zod';

/**
 * `GET /api/health`: 200 while this process can serve. `degraded` when Redis is unavailable (the rate limits then
 * count in each process, stricter); `redis` is `off` without REDIS_URL. 503 when the database cannot answer or the
 * process is shutting down.
 */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'unavailable', 'off']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
