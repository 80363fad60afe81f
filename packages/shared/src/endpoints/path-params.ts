import { z } from '../zod';

/**
 * A path's `:id`, as it came: the route itself answers 404 for an id it does not know (a path parameter is always
 * text, and a NUL in it is refused before any route runs).
 */
export const IdParamsSchema = z.object({ id: z.string() });

/** A card media address's `:sha256`, as it came: anything but 64 lowercase hex digits is a file nobody has (404). */
export const MediaParamsSchema = z.object({ sha256: z.string() });
