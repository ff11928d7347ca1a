// What a provider does not offer, so Pulse leaves it out instead of sending a request the
// provider refuses: first-party-only betas, and server tools (Bedrock runs no web search).
import { selectedProvider, type ProviderName } from './selection.js';

const FIRST_PARTY_ONLY_BETAS = [
  'context-management-2025-06-27',
  'files-api-2025-04-14',
  'mcp-client-2025-04-04',
  'code-execution-2025-05-22',
  'web-fetch-2025-09-10',
];

const BETAS_NOT_OFFERED: Readonly<Record<ProviderName, ReadonlySet<string>>> = {
  firstParty: new Set(),
  bedrock: new Set([...FIRST_PARTY_ONLY_BETAS, 'web-search-2025-03-05']),
  vertex: new Set(FIRST_PARTY_ONLY_BETAS),
  foundry: new Set(),
};

const SERVER_TOOLS_NOT_OFFERED: Readonly<Record<ProviderName, ReadonlySet<string>>> = {
  firstParty: new Set(),
  bedrock: new Set(['web_search']),
  vertex: new Set(),
  foundry: new Set(),
};

export function providerOffersBeta(beta: string, provider: ProviderName = selectedProvider()): boolean {
  return !BETAS_NOT_OFFERED[provider].has(beta);
}

/** By the server tool's API name (`web_search`). */
export function providerOffersServerTool(name: string, provider: ProviderName = selectedProvider()): boolean {
  return !SERVER_TOOLS_NOT_OFFERED[provider].has(name);
}
