import { OAUTH_SCOPES } from '../../contracts/index.js';
import type { Resources } from './resources.js';

/** RFC 8414 authorization server metadata, with what the MCP authorization spec (2025-11-25) asks for. */
export function authorizationServerMetadata(resources: Resources) {
  const base = resources.issuer;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/`,
  };
}

/** RFC 9728 protected resource metadata for `resource` (the MCP endpoint, or the API at the base URL). */
export function protectedResourceMetadata(resources: Resources, resource: string) {
  return {
    resource,
    authorization_servers: [resources.issuer],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Linkvault',
  };
}
