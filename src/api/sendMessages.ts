// Sends one streaming Messages request. The first-party client gets the body as cached
// pre-serialised pieces through the SDK's own request path (headers, auth, timeouts, errors and
// the SSE stream stay the SDK's), so a long conversation is not serialised and encoded again
// every round. Provider clients (Bedrock, Vertex, Foundry) rewrite the body object on the way
// out, so they keep `messages.create`.
import type { APIPromise } from '@anthropic-ai/sdk/core/api-promise';
import type { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { RawMessageStreamEvent } from '../types/messages.js';
import { FirstPartyClient } from './providers/firstParty.js';
import type { ModelClient } from './providers/types.js';
import { serializeRequestBody } from './serializedBody.js';

export type SendOptions = { signal: AbortSignal; headers?: Record<string, string> };

export function sendMessages(
  client: ModelClient,
  body: MessageCreateParamsStreaming,
  options: SendOptions,
): APIPromise<Stream<RawMessageStreamEvent>> {
  if (!(client instanceof FirstPartyClient)) return client.messages.create(body, options);
  // What messages.create sends, with the body already bytes (the SDK passes those on as they are).
  return client.post<Stream<RawMessageStreamEvent>>('/v1/messages', {
    body: serializeRequestBody(body),
    headers: { 'content-type': 'application/json', ...options.headers },
    signal: options.signal,
    stream: true,
  });
}
