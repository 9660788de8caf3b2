import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3 generated from the contracts' zod schemas: UI at /api/docs, JSON at /api/docs/json. swagger loads only
 * where the docs are served (off outside local mode).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Darsak API', version: '1.0.0', description: 'واجهة درسك البرمجية (Darsak HTTP API)' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
