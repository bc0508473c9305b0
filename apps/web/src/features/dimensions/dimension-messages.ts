// Exact texts from docs/product.md#validation, #texts-and-errors. 'to short'/'to long' are the documented wording for dimensions.
export const DIMENSION_NAME_TOO_SHORT = 'Name to short';
export const DIMENSION_NAME_TOO_LONG = 'Name to long';
export const NAME_PATTERN_MESSAGE = 'Name can only contain letters, numbers and dashes';
export const VERSION_REQUIRED = 'Version cannot be empty.';
export const LOCATION_REQUIRED = 'Location cannot be empty.';
export const dimensionCreatedText = (name: string, id: string) => `Dimension ${name} (${id}) created!`;
export const DIMENSION_UPDATED = 'Dimension update successful!';
export const DIMENSION_DELETED = 'The dimension has been deleted successfully.';
export const DIMENSION_ID_REQUIRED = 'Dimension ID is required';
