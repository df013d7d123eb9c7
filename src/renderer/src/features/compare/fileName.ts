// A sheet's file name comes from src/shared/format.ts (Discovery saves files too); this module keeps
// the name the comparison tests import it by.
export { fileNameFor } from '@shared/format';
