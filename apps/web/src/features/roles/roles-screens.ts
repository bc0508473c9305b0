// The three roles screens as one chunk: as three, their shared imports split the console's common chunks further.
export { default as RolesPage } from './roles-page';
export { default as RoleNewPage } from './role-new-page';
export { default as RoleEditPage } from './role-edit-page';
