package dev.capplanner.gateway.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.http.Problem;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.gateway.config.GatewayConfig;
import dev.capplanner.gateway.rest.TurnAdmission;
import dev.capplanner.gateway.rest.TurnDispatch;
import dev.capplanner.principals.Admission;
import dev.capplanner.principals.PrincipalAuthentication;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * {@code /mcp}: the suite as an MCP server over streamable HTTP, stateless (the official MCP Java SDK's
 * servlet transport; any replica answers any request). Authorization follows the MCP specification for
 * HTTP transports: every request carries {@code Authorization: Bearer <principal token>} (the same
 * token a chat backend's turn carries, issued by an issuer the suite trusts), verified before the
 * transport reads the body; without one that verifies, 401 with {@code WWW-Authenticate} naming the
 * protected resource metadata ({@code /.well-known/oauth-protected-resource/mcp}), which names the
 * issuers. The verified caller rides on the request to {@link SuiteMcpHandler}.
 */
@WebServlet(urlPatterns = McpEndpoint.PATH, asyncSupported = true)
public class McpEndpoint extends HttpServlet {

    public static final String PATH = "/mcp";
    public static final String METADATA_PATH = "/.well-known/oauth-protected-resource" + PATH;
    /** The largest JSON-RPC message read: a call's arguments are bounded far below this. */
    static final int MAX_REQUEST_BYTES = 256 * 1024;

    @Inject
    PrincipalAuthentication authentication;
    @Inject
    TurnAdmission admission;
    @Inject
    TurnDispatch dispatch;
    @Inject
    GatewayConfig config;
    @Inject
    RouterToolsApi router;
    @Inject
    ExecutorArtifactsApi artifacts;

    private transient HttpServletStatelessServerTransport transport;

    @Override
    public void init() throws ServletException {
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
        transport = HttpServletStatelessServerTransport.builder().jsonMapper(json).messageEndpoint(PATH)
                .maxRequestSize(MAX_REQUEST_BYTES)
                .securityValidator(DefaultServerTransportSecurityValidator.builder()
                        .allowedOrigins(config.mcpAllowedOrigins().orElse(List.of())).build())
                .contextExtractor(request -> McpTransportContext.create(Map.of(Caller.KEY, request.getAttribute(Caller.KEY))))
                .build();
        transport.setMcpHandler(new SuiteMcpHandler(new McpCatalog(router),
                new McpTurns(admission, dispatch, config.defaultTimeout()), artifacts, json));
        transport.init(getServletConfig());
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String authorization = request.getHeader("Authorization");
        Admission admitted = authentication.admitRequest(authorization == null ? List.of() : List.of(authorization),
                null, null, null);
        if (!(admitted instanceof Admission.Admitted caller) || !caller.verified()) {
            unauthorized(request, response, authorization != null, admitted instanceof Admission.Refused refused
                    ? refused.reason() : "the MCP server takes no request without a principal token that verifies");
            return;
        }
        request.setAttribute(Caller.KEY, new Caller(caller.principal(),
                PrincipalHeader.tokenIn(authorization).orElseThrow()));
        TransportErrors answer = new TransportErrors(response);
        transport.service(request, answer);
        answer.complete();
    }

    @Override
    public void destroy() {
        if (transport != null) {
            transport.closeGracefully().block();
            transport.destroy();
        }
    }

    private void unauthorized(HttpServletRequest request, HttpServletResponse response, boolean tokenGiven,
                              String check) throws IOException {
        String challenge = "Bearer resource_metadata=\"" + metadataUrl(request) + "\""
                + (tokenGiven ? ", error=\"invalid_token\"" : "");
        response.setStatus(401);
        response.setHeader("WWW-Authenticate", challenge);
        response.setContentType(Problem.MEDIA_TYPE);
        response.getOutputStream().write(RunEventJson.toJson(Problem.of(401, "not authenticated: " + check))
                .getBytes(StandardCharsets.UTF_8));
    }

    private String metadataUrl(HttpServletRequest request) {
        return ProtectedResource.origin(config.mcpResourceUrl(), request.getScheme(), request.getServerName(),
                request.getServerPort()) + METADATA_PATH;
    }
}
