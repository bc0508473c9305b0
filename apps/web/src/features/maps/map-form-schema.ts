import { z } from '../../lib/zod';
import { MAP_NAME_REQUIRED, MAP_PATH_REQUIRED } from './map-messages';

export const mapFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, MAP_NAME_REQUIRED)),
  mapPath: z.string().check(z.trim(), z.minLength(1, MAP_PATH_REQUIRED)),
});

export type MapFormValues = z.infer<typeof mapFormSchema>;
export const EMPTY_MAP: MapFormValues = { name: '', mapPath: '' };
