package dev.capplanner.snapshot.connection;

import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.credentials.SecretName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An operator's request to register (or refresh) a live source as a connection: where to import it
 * from, which executor target its API calls go to, and the permissions its capabilities require.
 * A source declares no permissions, so without {@code permissions} or {@code defaultPermissions} an
 * imported capability requires none, and is therefore denied unless listed in {@code publicCapabilities}.
 *
 * @param kind               {@code openapi} (a document by URL or uploaded), {@code catalog} (a static catalog
 *                           file in the dataset format, by URL or uploaded), {@code mcp} (an MCP server over streamable HTTP, or
 *                           over stdio for local use) or {@code kb} (a knowledge base's search endpoint, called with
 *                           {@code query} and {@code limit})
 * @param url                http(s) only: the registry never reads files of the host it runs on
 * @param command            for an MCP server over stdio instead of a URL: the <em>name</em> of a command line the
 *                           operator configured ({@code snapshot.stdio-commands.<name>}); a registration can never
 *                           make the service run a program of the caller's choosing
 * @param target             the executor target service the capabilities' endpoints name (required for
 *                           OpenAPI; an MCP server's defaults to the connection id)
 * @param permissions        required permissions by capability name, overriding {@code defaultPermissions}
 * @param hiddenArguments    input parameters the executor binds from the trusted run context, by name:
 *                           {@code tenant}, {@code principal} or {@code conversation}; a plan may never supply them
 * @param description        what a knowledge base covers, in the operator's words (its endpoint cannot say;
 *                           routing reads it); at most {@value #MAX_DESCRIPTION} characters
 * @param document           instead of a URL, the uploaded source itself: an OpenAPI document (JSON or YAML
 *                           text) or a static catalog (one tool a line, the dataset format); kept with the
 *                           registration, so a refresh imports it again
 * @param baseUrl            where the executor sends the calls (http(s)): an API's base URL; for an MCP server over
 *                           HTTP, its {@code url} when unset. With it the target comes from the registry and the
 *                           executor needs no configuration of its own; without it, the executor's configured target
 * @param credential         how the calls authenticate, by reference to a secret the executor resolves in this
 *                           tenant's namespace; never the secret itself
 * @param trustServerChanges for an MCP server: {@code true} lets the tools it adds or changes on its own
 *                           ({@code tools/list_changed}, a re-import at start-up) in without review, as an
 *                           operator's refresh would; by default they are held for review
 */
public record ConnectionRegistration(String id, String tenantId, String projectId, String kind, String url,
                                     String target, List<String> defaultPermissions,
                                     Map<String, List<String>> permissions, List<String> publicCapabilities,
                                     Map<String, String> hiddenArguments, String description, String command,
                                     String document, String baseUrl, CredentialReference credential,
                                     Boolean trustServerChanges) {

    public static final int MAX_DESCRIPTION = 500;

    public static final Set<String> RUN_CONTEXT = Set.of("tenant", "principal", "conversation", "thread", "branch",
            "object");

    public static final Set<String> KINDS = Set.of("openapi", "catalog", "mcp", "kb");

    /** The kinds whose source may be uploaded as a {@code document}. */
    public static final Set<String> UPLOADABLE = Set.of("openapi", "catalog");

    private static final Pattern COMMAND_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

    public ConnectionRegistration {
        defaultPermissions = defaultPermissions == null ? List.of() : List.copyOf(defaultPermissions);
        permissions = permissions == null ? Map.of() : Map.copyOf(permissions);
        publicCapabilities = publicCapabilities == null ? List.of() : List.copyOf(publicCapabilities);
        hiddenArguments = hiddenArguments == null ? Map.of() : Map.copyOf(hiddenArguments);
    }

    /** A registration whose server's own changes are reviewed. */
    public ConnectionRegistration(String id, String tenantId, String projectId, String kind, String url, String target,
                                  List<String> defaultPermissions, Map<String, List<String>> permissions,
                                  List<String> publicCapabilities, Map<String, String> hiddenArguments,
                                  String description, String command, String document, String baseUrl,
                                  CredentialReference credential) {
        this(id, tenantId, projectId, kind, url, target, defaultPermissions, permissions, publicCapabilities,
                hiddenArguments, description, command, document, baseUrl, credential, null);
    }

    /** A registration without a description. */
    public ConnectionRegistration(String id, String tenantId, String projectId, String kind, String url, String target,
                                  List<String> defaultPermissions, Map<String, List<String>> permissions,
                                  List<String> publicCapabilities, Map<String, String> hiddenArguments) {
        this(id, tenantId, projectId, kind, url, target, defaultPermissions, permissions, publicCapabilities,
                hiddenArguments, null, null, null, null, null, null);
    }

    /** Whether the operator lets the server's own tool changes in without review. */
    public boolean trustsServerChanges() {
        return Boolean.TRUE.equals(trustServerChanges);
    }

    /** What is wrong with the request, or null when it can be imported. */
    public String problem() {
        if (kind == null || !KINDS.contains(kind)) {
            return "kind must be one of " + KINDS;
        }
        if (document != null) {
            if (!UPLOADABLE.contains(kind) || url != null || command != null) {
                return "document (an uploaded source) is for kind openapi or catalog, without a url";
            }
            if (document.isBlank()) {
                return "document is empty";
            }
        } else if (command != null) {
            if (!kind.equals("mcp") || url != null) {
                return "command (a configured stdio command) is for an MCP server without a url";
            }
            if (!COMMAND_NAME.matcher(command).matches()) {
                return "command names a configured stdio command: lower-case letters, digits and '-'";
            }
        } else if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
            return "url must be an http(s) URL";
        }
        if (description != null && (description.length() > MAX_DESCRIPTION || description.chars().anyMatch(
                c -> Character.isISOControl(c)))) {
            return "description must be at most " + MAX_DESCRIPTION + " characters of text without control characters";
        }
        String callProblem = callProblem();
        if (callProblem != null) {
            return callProblem;
        }
        if (trustsServerChanges() && !"mcp".equals(kind)) {
            return "trustServerChanges is for an MCP server (its tools/list_changed)";
        }
        if (!RUN_CONTEXT.containsAll(hiddenArguments.values())) {
            return "hiddenArguments bind to one of " + new java.util.TreeSet<>(RUN_CONTEXT);
        }
        if (!kind.equals("mcp") && (target == null || target.isBlank())) {
            return "a connection of kind " + kind + " needs the executor target its calls go to";
        }
        try {
            connection(true);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }

    private String callProblem() {
        if (baseUrl != null && !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
            return "baseUrl must be an http(s) URL";
        }
        if (baseUrl != null && (baseUrl.contains("?") || baseUrl.contains("#") || baseUrl.contains("@"))) {
            return "baseUrl takes no query, fragment or user info (a credential goes in credential)";
        }
        for (String address : new String[] {url, baseUrl}) {
            if (address != null && address.matches("https?://[^/]*//.*")) {
                return "a URL's path may not start with // (a client would take it for another host)";
            }
        }
        if (credential == null) {
            return null;
        }
        if (callUrl().isEmpty()) {
            return "credential needs a baseUrl (or an MCP server's url): the executor's configured targets take "
                    + "their own configuration";
        }
        String problem = credential.problem();
        if (problem != null) {
            return problem;
        }
        if ("mcp".equals(kind) && "query".equals(credential.in())) {
            return "an MCP server takes its credential in a header (credential.in: header)";
        }
        if ("mcp".equals(kind) && credential.fetchesTokens()) {
            return "oauth2-client-credentials is for HTTP APIs; an MCP server takes a bearer token";
        }
        if (credential.secret().startsWith("env:") && SecretName.environmentVariable(tenantId, credential.secret()).isEmpty()) {
            return "credential.secret env: needs a tenant id of lower-case letters and digits; use file:";
        }
        return null;
    }

    /**
     * Where the executor sends this connection's calls when the registry names the target: the
     * {@code baseUrl}, or an MCP server's own URL; empty when the executor's configuration does.
     */
    public Optional<String> callUrl() {
        if (baseUrl != null) {
            return Optional.of(baseUrl);
        }
        return kind != null && kind.equals("mcp") && url != null ? Optional.of(url) : Optional.empty();
    }

    /** The executor target this connection's capabilities name. */
    public String callTarget() {
        return kind != null && kind.equals("mcp") ? mcpTarget() : target;
    }

    /** Whether the source was uploaded with the registration rather than read from a URL. */
    public boolean uploaded() {
        return document != null;
    }

    /** Whether the source is an MCP server this service starts and speaks to over stdio. */
    public boolean overStdio() {
        return command != null;
    }

    /** The executor target an MCP server's tools are called on. */
    public String mcpTarget() {
        return target == null || target.isBlank() ? id : target;
    }

    public Connection connection(boolean enabled) {
        return new Connection(id, tenantId, projectId, kind, enabled);
    }
}
