import { z } from '../zod';

/**
 * A path's `:id`, as it came: the route itself answers 404 for an id it does not know (a path parameter is always
 * text, and a NUL in it is refused before any route runs).
 */
export const IdParamsSchema = z.object({ id: z.string() });
