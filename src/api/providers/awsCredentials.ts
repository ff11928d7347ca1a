// The two settings Bedrock users keep their AWS login fresh with, as the reference reads them:
// `awsCredentialExport` prints credentials as JSON (`aws sts …` or `aws configure
// export-credentials` output), which Pulse signs with instead of the AWS SDK's default chain;
// `awsAuthRefresh` (`aws sso login`, say) refreshes what that chain reads, and runs when the
// credentials fail. Without either, the AWS SDK's default chain (environment, profiles, SSO,
// process, web identity, container and instance roles) finds the credentials.
import * as z from 'zod';
import { commonJsExports } from '../../utils/commonJsImport.js';
import { runCredentialCommand } from '../../utils/credentialCommand.js';
import { lazySchema } from '../../utils/lazySchema.js';

/** An AWS login may wait for a browser. */
const AUTH_REFRESH_TIMEOUT_MS = 5 * 60_000;
const EXPORT_TIMEOUT_MS = 60_000;
/** Credentials this close to expiring are fetched again before a request is signed with them. */
const EXPIRY_MARGIN_MS = 60_000;

export type AwsSettings = {
  awsAuthRefresh?: string;
  awsCredentialExport?: string;
  /** Where the commands run: the project root the settings came from. */
  cwd: string;
};

/** The AWS SDK's AwsCredentialIdentity. */
export type AwsCredentialIdentity = {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
};

const Credential = lazySchema(() =>
  z.object({
    AccessKeyId: z.string().min(1),
    SecretAccessKey: z.string().min(1),
    SessionToken: z.string().min(1).optional(),
    Expiration: z.string().optional(),
  }),
);

/** `{"Credentials": {...}}` as `aws sts` prints it, or the credential_process shape. */
const ExportedCredentials = lazySchema(() => z.union([z.object({ Credentials: Credential() }), Credential()]));

function parseExport(stdout: string, command: string): AwsCredentialIdentity {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    throw new Error(`awsCredentialExport "${command}" did not print JSON`);
  }
  const parsed = ExportedCredentials().safeParse(json);
  if (!parsed.success) {
    throw new Error(`awsCredentialExport "${command}" printed JSON without Credentials.AccessKeyId and SecretAccessKey`);
  }
  const found = 'Credentials' in parsed.data ? parsed.data.Credentials : parsed.data;
  const expiration = found.Expiration ? new Date(found.Expiration) : undefined;
  return {
    accessKeyId: found.AccessKeyId,
    secretAccessKey: found.SecretAccessKey,
    ...(found.SessionToken ? { sessionToken: found.SessionToken } : {}),
    ...(expiration && !Number.isNaN(expiration.getTime()) ? { expiration } : {}),
  };
}

/** Credentials from awsCredentialExport, kept until shortly before they expire. */
export class ExportedAwsCredentials {
  #current: Promise<AwsCredentialIdentity> | undefined;
  #expiresAt = Number.POSITIVE_INFINITY;

  constructor(private readonly settings: AwsSettings & { awsCredentialExport: string }) {}

  /** The AWS SDK's credential provider: a function the Bedrock client calls per request. */
  readonly provider = (): Promise<AwsCredentialIdentity> => {
    if (this.#current === undefined || Date.now() >= this.#expiresAt - EXPIRY_MARGIN_MS) {
      this.#expiresAt = Number.POSITIVE_INFINITY;
      this.#current = this.#export();
    }
    return this.#current;
  };

  forget(): void {
    this.#current = undefined;
  }

  async #export(): Promise<AwsCredentialIdentity> {
    const command = this.settings.awsCredentialExport;
    try {
      const stdout = await runCredentialCommand({ command, cwd: this.settings.cwd, timeoutMs: EXPORT_TIMEOUT_MS, label: 'awsCredentialExport' });
      const credentials = parseExport(stdout, command);
      this.#expiresAt = credentials.expiration?.getTime() ?? Number.POSITIVE_INFINITY;
      return credentials;
    } catch (error) {
      this.forget();
      throw error;
    }
  }
}

/**
 * The AWS SDK's default chain, built as the Bedrock wrapper builds it (credentials in the
 * environment win even when AWS_PROFILE is set). The AWS SDK keeps the files it read
 * (~/.aws/credentials, the SSO cache) for the life of the process, so after awsAuthRefresh the
 * next lookup reads them again.
 */
export class DefaultAwsCredentials {
  #reread = false;

  readonly resolver = async (): Promise<() => Promise<AwsCredentialIdentity>> => {
    const { createCredentialChain, fromEnv, fromNodeProviderChain } = commonJsExports(await import('@aws-sdk/credential-providers'));
    const ignoreCache = this.#reread;
    this.#reread = false;
    return createCredentialChain(fromEnv(), fromNodeProviderChain({ ignoreCache }));
  };

  reread(): void {
    this.#reread = true;
  }
}

/** Runs awsAuthRefresh, showing its output (a login URL and code) on stderr. */
export async function runAwsAuthRefresh(settings: AwsSettings & { awsAuthRefresh: string }): Promise<void> {
  await runCredentialCommand({
    command: settings.awsAuthRefresh,
    cwd: settings.cwd,
    timeoutMs: AUTH_REFRESH_TIMEOUT_MS,
    label: 'awsAuthRefresh',
    echo: process.stderr,
  });
}
