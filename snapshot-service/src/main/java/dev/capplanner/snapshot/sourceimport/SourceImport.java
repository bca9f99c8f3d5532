package dev.capplanner.snapshot.sourceimport;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.contracts.credentials.PlacedCredential;
import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.importing.catalog.CatalogImporter;
import dev.capplanner.importing.kb.KnowledgeBaseImporter;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.mcp.McpServerConnection;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.ExpansionLimits;
import dev.capplanner.importing.openapi.FetchRules;
import dev.capplanner.importing.openapi.OpenApiSource;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads a registration's source with the import module (blocking network and process IO: call it
 * off the event loop): an OpenAPI document or a static catalog, by URL or uploaded; a knowledge
 * base; an MCP server. An MCP server is reached by URL, or over stdio with a command line only an
 * operator configured, by its name. A registration's credential is presented to its MCP server,
 * and to its document only when the document is on the host its calls go to (an API's key is
 * never sent to wherever its documentation happens to be published), and only where the
 * registry's egress policy allows a credential to go: a registration naming an attacker's host
 * cannot have a tenant's secret sent there.
 */
public final class SourceImport {

    private final Map<String, List<String>> stdioCommands;
    private final TenantSecrets secrets;
    private final EgressPolicy egress;
    private final FetchRules fetching;
    private final ExpansionLimits expansion;

    /**
     * @param stdioCommands command lines by name, as configured ({@code snapshot.stdio-commands})
     * @param secrets       where registrations' credentials are resolved ({@code snapshot.credentials.directory})
     * @param egress        where a credential may be sent ({@code snapshot.egress.*})
     * @param fetching      how a source is fetched: size, redirects, the addresses it may be read from
     *                      ({@code snapshot.sources.*}); an MCP server over HTTP is checked the same way
     * @param expansion     how far a document's {@code $ref}s may expand
     */
    public SourceImport(Map<String, String> stdioCommands, TenantSecrets secrets, EgressPolicy egress,
                        FetchRules fetching, ExpansionLimits expansion) {
        Map<String, List<String>> parsed = new TreeMap<>();
        stdioCommands.forEach((name, line) -> parsed.put(name, McpServerConnection.commandLine(line)));
        this.stdioCommands = Map.copyOf(parsed);
        this.secrets = secrets;
        this.egress = egress;
        this.fetching = fetching;
        this.expansion = expansion;
    }

    /** The credential to read the source at {@code url} with: the registration's, on its call target's host only. */
    private PlacedCredential credentialFor(ConnectionRegistration registration, String url) {
        // An OAuth 2 client secret goes to the token endpoint, from the executor only: the document is read without it.
        if (registration.credential() == null || registration.credential().fetchesTokens()
                || registration.callUrl().isEmpty() || !sameHost(url, registration.callUrl().get())) {
            return PlacedCredential.NONE;
        }
        egress.refusal(url, true).ifPresent(refusal -> {
            throw new OpenApiSource.SourceUnavailableException("the source may not be read with its credential: " + refusal);
        });
        try {
            return PlacedCredential.of(registration.credential(),
                    secrets.resolve(registration.tenantId(), registration.credential().secret()));
        } catch (TenantSecrets.MissingSecretException e) {
            throw new OpenApiSource.SourceUnavailableException(e.getMessage());
        }
    }

    private static boolean sameHost(String one, String other) {
        try {
            URI a = URI.create(one);
            URI b = URI.create(other);
            return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost() != null
                    && a.getHost().equalsIgnoreCase(b.getHost()) && a.getPort() == b.getPort();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private String text(ConnectionRegistration registration) {
        PlacedCredential credential = credentialFor(registration, registration.url());
        return credential.equals(PlacedCredential.NONE) ? OpenApiSource.text(registration.url(), fetching)
                : OpenApiSource.text(registration.url(), credential.headers(), credential.queryParameters(), fetching);
    }

    /** What keeps the registration from being read here (a stdio command nobody configured), if anything. */
    public Optional<String> problem(ConnectionRegistration registration) {
        if (registration.overStdio() && !stdioCommands.containsKey(registration.command())) {
            return Optional.of("no stdio command named " + registration.command() + " is configured (snapshot.stdio-commands."
                    + registration.command() + ")");
        }
        return Optional.empty();
    }

    /** Reads an OpenAPI document or a knowledge base; an MCP server through a connection opened and closed here. */
    public ImportResult read(ConnectionRegistration registration) {
        if (registration.kind().equals("kb")) {
            return new KnowledgeBaseImporter().describe(registration.id(), registration.url(), registration.description());
        }
        if (registration.kind().equals("openapi")) {
            JsonNode document = registration.uploaded() ? OpenApiSource.document(registration.document(), null)
                    : OpenApiSource.document(text(registration), registration.url());
            return new OpenApiImporter().importDocument(document, registration.id(),
                    registration.hiddenArguments().keySet(), expansion);
        }
        if (registration.kind().equals("catalog")) {
            String lines = registration.uploaded() ? registration.document() : text(registration);
            return new CatalogImporter().importLines(registration.id(), lines);
        }
        try (McpServerConnection server = connect(registration, () -> { })) {
            return importTools(registration, server);
        }
    }

    /** Opens a session with the registration's MCP server, telling {@code onToolsChanged} of every change. */
    public McpServerConnection connect(ConnectionRegistration registration, Runnable onToolsChanged) {
        if (registration.overStdio()) {
            List<String> command = stdioCommands.get(registration.command());
            if (command == null) {
                throw new IllegalStateException(problem(registration).orElseThrow());
            }
            return McpServerConnection.overStdio(command, onToolsChanged);
        }
        fetching.addressCheck().apply(registration.url()).ifPresent(refusal -> {
            throw new OpenApiSource.SourceRefusedException("will not connect to " + registration.url() + ": " + refusal);
        });
        if (registration.credential() == null) {
            return McpServerConnection.overHttp(registration.url(), onToolsChanged);
        }
        credentialFor(registration, registration.url()); // a missing secret fails the registration here, by name
        return McpServerConnection.overHttp(registration.url(), () -> credentialFor(registration, registration.url())
                .headers(), onToolsChanged);
    }

    /** Lists the tools of an open MCP session and classifies them. */
    public ImportResult importTools(ConnectionRegistration registration, McpServerConnection server) {
        return new McpImporter().importTools(registration.id(), server.tools());
    }

    /** The source could not be read or understood; the cause says how. */
    public static final class UnreadableSourceException extends RuntimeException {
        public UnreadableSourceException(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }
}
