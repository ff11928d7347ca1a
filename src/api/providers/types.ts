// What the model layer calls on a client, whichever provider built it. Every provider's SDK
// client has `baseURL` and `messages.create`; the hooks let a provider speak for its own
// failures and credentials while the loop above stays unaware of which provider it talks to.
import type { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ApiErrorInfo } from '../errors.js';

export type ModelClient = {
  readonly baseURL: string;
  readonly messages: Pick<Messages, 'create'>;
  /**
   * Runs again whatever produced the credentials (apiKeyHelper, awsAuthRefresh …) after the API
   * refused them; true when there are new ones, so one more attempt is worth making.
   */
  refreshCredentials?: () => Promise<boolean>;
  /** The provider's reading of a failure: its own kind, retry decision and one-line advice. */
  explainFailure?: (err: unknown, info: ApiErrorInfo, model: string) => ApiErrorInfo;
};
