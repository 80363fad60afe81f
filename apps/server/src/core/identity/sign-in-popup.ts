import type { FastifyReply } from 'fastify';

/** The popup sets this HttpOnly cookie beside the ticket: a ticket only works in the browser that earned it. */
export const TICKET_BINDING_COOKIE = 'sid_ticket_binding';
export const TICKET_BINDING_COOKIE_PATH = '/api/user/login_3rd_party';

/**
 * Pages shown inside the sign-in popup keep no opener policy: a popup that lands on a page with
 * `same-origin-allow-popups` after visiting the provider would lose its link to the window that opened it.
 */
export function popupFriendly(reply: FastifyReply) {
  reply.header('cross-origin-opener-policy', 'unsafe-none');
}
