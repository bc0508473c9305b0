import { z } from '../../lib/zod';
import { DIMENSION_NAME_TOO_LONG, DIMENSION_NAME_TOO_SHORT, LOCATION_REQUIRED, NAME_PATTERN_MESSAGE, VERSION_REQUIRED } from './dimension-messages';

/** docs/product.md#validation: 3 to 64 characters of letters, digits, space, underscore and dash. */
export const NAME_PATTERN = /^[A-Za-z0-9 _-]*$/;

export const dimensionFormSchema = z.object({
  // Spaces at the ends are dropped (the server refuses them), so five spaces are too short, not a name.
  name: z
    .string()
    .check(z.trim(), z.minLength(3, DIMENSION_NAME_TOO_SHORT), z.maxLength(64, DIMENSION_NAME_TOO_LONG), z.regex(NAME_PATTERN, NAME_PATTERN_MESSAGE)),
  version: z.string().check(z.trim(), z.minLength(1, VERSION_REQUIRED)),
  location: z.string().check(z.trim(), z.minLength(1, LOCATION_REQUIRED)),
  mapIds: z.array(z.string()),
});

export type DimensionFormValues = z.infer<typeof dimensionFormSchema>;
export const EMPTY_DIMENSION: DimensionFormValues = { name: '', version: '', location: '', mapIds: [] };
