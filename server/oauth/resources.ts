/**
 * The resources (RFC 8707) this server's tokens may be used at: the MCP endpoint and the API at the base
 * URL. A token is bound to the one it was issued for; a token for any other audience is refused.
 */
export class Resources {
  readonly issuer: string;
  readonly mcp: string;
  private readonly accepted: ReadonlySet<string>;

  constructor(publicUrl: string) {
    this.issuer = publicUrl;
    this.mcp = `${publicUrl}/mcp`;
    this.accepted = new Set([publicUrl, `${publicUrl}/`, this.mcp]);
  }

  accepts(resource: string): boolean {
    return this.accepted.has(resource);
  }
}
