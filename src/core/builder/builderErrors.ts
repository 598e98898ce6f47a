import { TenantGraphqlError } from '../errors';

/** Why a box could not change the text (the text does not parse, the path is not in the schema). */
export class BuilderError extends TenantGraphqlError {}
