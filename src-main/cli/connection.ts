// What the commands of the command line (the import, the supplier base, scores) need to reach
// the API: the token's store, the network, and the saved connection at a --base-url.
import type { CreateFieldNames } from '../../src-shared/fieldNames';
import { sameIdentifierTypes, type IdentifierTypes } from '../../src-shared/identifierTypes';
import { word, type Lang, type Params } from '../../src-shared/i18n';
import { KeyringSecretStore, MemorySecretStore, type SecretStore } from '../api';
import { certificateChecksOff, environmentTransport, type Transport } from '../api/transport';
import type { Journal } from '../journal/journal';
import type { Onboarding } from '../services/onboarding';
import { cliLang, UsageError } from './words';

/** The token from the variable --token-env names (kept in memory for this run only), else the
 *  system keyring. A named variable that is empty is a usage error. */
export function tokenStore(tokenEnv: string | undefined): {
  tokenFromEnv: string | undefined;
  secrets: SecretStore;
} {
  const tokenFromEnv = tokenEnv !== undefined ? process.env[tokenEnv] : undefined;
  if (tokenEnv !== undefined && !tokenFromEnv)
    throw new UsageError('cli.usage.tokenEnvEmpty', { name: tokenEnv });
  const secrets: SecretStore =
    tokenFromEnv !== undefined ? new MemorySecretStore() : new KeyringSecretStore();
  return { tokenFromEnv, secrets };
}

/** The network of the command line: the environment's proxy and Node's trust store
 *  (HTTPS_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS, as Node's tools honour them), with a warning
 *  on stderr, in the user's language, when certificate checks are off. */
export function cliNetwork(lang: Lang = cliLang()): Transport {
  if (certificateChecksOff()) console.error(word(lang, 'cli.network.certificateChecksOff'));
  return environmentTransport();
}

/** The saved connection called `name` (--connection); none is a usage error naming the others. */
export function namedConnection(
  journal: Journal,
  name: string,
  none: string,
): ReturnType<Journal['listConnections']>[number] {
  const all = journal.listConnections();
  const found = all.find((c) => c.name === name);
  if (found) return found;
  const names = all.map((c) => `"${c.name}"`).join(', ') || none;
  throw new UsageError('cli.connection.unknown', { name, names });
}

/** The sentence that says which connection a job's work goes to: the job's own (an undo, a retry
 *  act where the job ran), never the practice sandbox unless it is the job's. */
export function jobConnectionLine(
  w: { t(key: 'cli.connection.sandbox' | 'cli.connection.ofJob', params?: Params): string },
  journal: Journal,
  core: { sandboxConnectionId: string | undefined; sandbox?: { url: string } | undefined },
  job: { id: string; connectionId: string },
): string {
  const conn = journal.getConnection(job.connectionId);
  return job.connectionId === core.sandboxConnectionId || !conn
    ? w.t('cli.connection.sandbox', { url: core.sandbox?.url ?? '' })
    : w.t('cli.connection.ofJob', { name: conn.name, url: conn.baseUrl, job: job.id });
}

/** The id of the saved connection (not the sandbox) at `baseUrl`, saved under the host's name
 *  when there is none; `fieldNames` and `identifierTypes` given and different are stored on it. */
export async function connectionAt(
  journal: Journal,
  onboarding: Onboarding,
  baseUrl: string,
  fieldNames?: CreateFieldNames,
  identifierTypes?: IdentifierTypes,
): Promise<string> {
  const url = baseUrl.replace(/\/+$/, '');
  const found = journal.listConnections().find((c) => !c.isSandbox && c.baseUrl === url);
  if (!found)
    return (
      await onboarding.saveConnection({
        name: new URL(url).host,
        baseUrl: url,
        ...(fieldNames ? { fieldNames } : {}),
        ...(identifierTypes ? { identifierTypes } : {}),
      })
    ).id;
  const newNames = fieldNames && fieldNames !== found.fieldNames;
  const newTypes = identifierTypes && !sameIdentifierTypes(identifierTypes, found.identifierTypes);
  if (newNames || newTypes)
    await onboarding.saveConnection({
      id: found.id,
      name: found.name,
      baseUrl: found.baseUrl,
      ...(newNames ? { fieldNames } : {}),
      ...(newTypes ? { identifierTypes } : {}),
    });
  return found.id;
}

/** Stores `identifierTypes` on a saved connection when they differ; true when they did. */
export async function setConnectionIdentifierTypes(
  onboarding: Onboarding,
  conn: { id: string; name: string; baseUrl: string; identifierTypes: IdentifierTypes },
  identifierTypes: IdentifierTypes,
): Promise<boolean> {
  if (sameIdentifierTypes(identifierTypes, conn.identifierTypes)) return false;
  await onboarding.saveConnection({
    id: conn.id,
    name: conn.name,
    baseUrl: conn.baseUrl,
    identifierTypes,
  });
  return true;
}
