// Every error code with its general English sentence, joined from the areas' files. Its own file
// (with no other import) so that the message catalogue (src-shared/i18n/errors.ts) can word
// every code from it without importing the errors' helpers, which word through the catalogue.
import { apiErrors } from './api';
import { coreErrors } from './core';
import { fileErrors } from './files';
import { jobErrors } from './jobs';
import { workbookErrors } from './workbook';

export const errorCatalogue = {
  ...coreErrors,
  ...apiErrors,
  ...workbookErrors,
  ...fileErrors,
  ...jobErrors,
} as const;
export type ErrorCode = keyof typeof errorCatalogue;
