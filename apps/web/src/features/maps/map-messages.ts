// Exact texts from docs/product.md#validation, #texts-and-errors (the 'Map channel' wording is documented there).
export const MAP_NAME_REQUIRED = 'Name is required';
export const MAP_PATH_REQUIRED = 'Map path is required';
export const mapCreatedText = (name: string, id: string) => `Map channel ${name} (${id}) created!`;
export const MAP_UPDATED = 'Map update successful!';
export const MAP_DELETED = 'The map has been deleted successfully.';
export const MAP_ID_REQUIRED = 'Map ID is required';
