import { TimeZoneQuerySchema } from '../../cards-day';
import { MediaParamsSchema } from '../path-params';
import * as cardsImport from '../../cards-import';
import { withInputSchemas } from '../input-schemas';
import { cardTransferEndpoints as entries } from './transfer';

/** `./transfer.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardTransferEndpoints = withInputSchemas(entries, {
  export: { query: cardsImport.ExportQuerySchema },
  previewCsv: { body: cardsImport.ImportBodySchema },
  importCsv: { body: cardsImport.ImportBodySchema },
  importApkg: { query: TimeZoneQuerySchema },
  media: { params: MediaParamsSchema },
});
