import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@turtle/shared/app-config';
import type { AppConfig } from '../../config/config';

/** The named public subset of the configuration; nothing else of it reaches the browser. */
export function publicConfigRoutes(app: FastifyInstance, config: AppConfig): void {
  const body: PublicConfig = {
    supportEmail: config.supportEmail,
    signInProvider: config.signIn.kind === 'off' ? null : config.signIn.providerName,
    assistant: config.assistant.kind,
    models: config.assistant.models,
    payments: config.payments.kind,
  };
  app.get('/api/config', async (): Promise<PublicConfig> => body);
}
