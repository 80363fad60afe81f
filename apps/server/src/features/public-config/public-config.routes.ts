import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@turtle/shared/app-config';
import { healthAndConfigEndpoints } from '@turtle/shared/endpoints/health-and-config.schemas';
import type { AppConfig } from '../../config/config';
import { route } from '../../lib/route';

/** The named public subset of the configuration; nothing else of it reaches the browser. */
export function publicConfigRoutes(app: FastifyInstance, config: AppConfig): void {
  const body: PublicConfig = {
    supportEmail: config.supportEmail,
    signInProvider: config.signIn.kind === 'off' ? null : config.signIn.providerName,
    assistant: config.assistant.kind,
    models: config.assistant.models,
    payments: config.payments.kind,
  };
  route(app, healthAndConfigEndpoints.config, {}, async () => body);
}
