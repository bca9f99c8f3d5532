package dev.capplanner.gateway.mcp;

import dev.capplanner.principals.config.PrincipalsConfig;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The MCP endpoint's OAuth 2.0 protected resource metadata (RFC 9728), as the MCP authorization
 * specification has a client discover it: the resource, and as its authorization servers the issuers
 * whose principal tokens the suite verifies. A client obtains a token from one of them (for the audience
 * the operator configured) and sends it as a bearer token.
 */
@Path(McpEndpoint.METADATA_PATH)
public class ProtectedResource {

    private final PrincipalsConfig principals;
    private final dev.capplanner.gateway.config.GatewayConfig config;

    public ProtectedResource(PrincipalsConfig principals, dev.capplanner.gateway.config.GatewayConfig config) {
        this.principals = principals;
        this.config = config;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> metadata(@Context UriInfo uri) {
        URI base = uri.getBaseUri();
        List<String> issuers = principals.issuers().values().stream().map(PrincipalsConfig.Issuer::issuer)
                .distinct().sorted().toList();
        return Map.of("resource", origin(config.mcpResourceUrl(), base.getScheme(), base.getHost(), base.getPort())
                        + McpEndpoint.PATH,
                "authorization_servers", issuers,
                "bearer_methods_supported", List.of("header"),
                "resource_name", "Capability Planner");
    }

    /** The configured resource's origin, else the request's. */
    static String origin(Optional<String> resourceUrl, String scheme, String host, int port) {
        if (resourceUrl.isPresent()) {
            URI configured = URI.create(resourceUrl.get());
            return configured.getScheme() + "://" + configured.getRawAuthority();
        }
        boolean defaultPort = port < 0 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        return scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + (defaultPort ? "" : ":" + port);
    }
}
