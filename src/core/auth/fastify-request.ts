/** Every request carries its resolved caller (set by the authentication hook in app.ts). */
import type { Principal } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
}
