import { z } from '../../lib/zod';

export const ROLE_NAME_REQUIRED = 'Name is required';

// The server's limits (docs/permissions.md "Roles and mappings"); it checks them again and names the field.
export const roleFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, ROLE_NAME_REQUIRED), z.maxLength(64, 'Name: at most 64 characters')),
  description: z.string().check(z.maxLength(500, 'Description: at most 500 characters')),
  sole: z.boolean(),
  capabilities: z.array(z.object({ name: z.string(), scope: z.string() })),
});

export type RoleFormValues = z.infer<typeof roleFormSchema>;
export const EMPTY_ROLE: RoleFormValues = { name: '', description: '', sole: false, capabilities: [] };
