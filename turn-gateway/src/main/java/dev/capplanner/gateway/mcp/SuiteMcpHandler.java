package dev.capplanner.gateway.mcp;

import dev.capplanner.contracts.discovery.McpToolListing;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.contracts.events.ToolCall;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.gateway.mcp.McpTurns.McpCallException;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;
import reactor.core.publisher.Mono;

/**
 * The suite as an MCP server (stateless streamable HTTP): {@code tools/list} is the caller's
 * permissioned read-only catalog, plus two tools of the suite's own: {@value #FIND_TOOLS} (discovery:
 * the catalog ranked for a query, with definitions) and {@value #ASK} (a question answered by the whole
 * pipeline, a choice from an earlier answer included). {@code tools/call} of a catalog tool is a direct
 * call: a turn whose one call the planner validates and the executor's last mile checks, with the same
 * ledger, evidence budget and reports as any turn. Every request runs as the caller its bearer token
 * verified to ({@link McpEndpoint}); nothing the client writes names a tenant, project, user or role.
 */
final class SuiteMcpHandler implements McpStatelessServerHandler {

    private static final Logger LOG = Logger.getLogger(SuiteMcpHandler.class);
    static final String ASK = "capplanner.ask";
    static final String FIND_TOOLS = "capplanner.find_tools";
    static final int MAX_QUESTION_CHARS = 4_000;
    static final int MAX_FOUND = 40;
    static final int MAX_ROW = 10_000;
    private static final Set<String> ANSWERS = Set.of(TurnCompleted.ANSWERED, TurnCompleted.ARTIFACT,
            TurnCompleted.SELECTION_REQUIRED);
    private static final List<String> VERSIONS = List.of(ProtocolVersions.MCP_2025_11_25,
            ProtocolVersions.MCP_2025_06_18, ProtocolVersions.MCP_2025_03_26);

    private final McpCatalog catalog;
    private final McpTurns turns;
    private final ExecutorArtifactsApi artifacts;
    private final McpJsonMapper json;

    SuiteMcpHandler(McpCatalog catalog, McpTurns turns, ExecutorArtifactsApi artifacts, McpJsonMapper json) {
        this.catalog = catalog;
        this.turns = turns;
        this.artifacts = artifacts;
        this.json = json;
    }

    @Override
    public Mono<McpSchema.JSONRPCResponse> handleRequest(McpTransportContext context, McpSchema.JSONRPCRequest request) {
        return Mono.fromCallable(() -> respond((Caller) context.get(Caller.KEY), request));
    }

    @Override
    public Mono<Void> handleNotification(McpTransportContext context, McpSchema.JSONRPCNotification notification) {
        return Mono.empty();
    }

    private McpSchema.JSONRPCResponse respond(Caller caller, McpSchema.JSONRPCRequest request) {
        if (caller == null) {
            // The endpoint admits no request without a verified caller; this is a wiring fault, not the client's.
            return error(request, McpSchema.ErrorCodes.INTERNAL_ERROR, "no verified caller");
        }
        try {
            return switch (request.method()) {
                case McpSchema.METHOD_INITIALIZE -> result(request, initialize(request));
                case McpSchema.METHOD_PING -> result(request, Map.of());
                case McpSchema.METHOD_TOOLS_LIST -> result(request, list(caller));
                case McpSchema.METHOD_TOOLS_CALL -> call(caller, request);
                default -> error(request, McpSchema.ErrorCodes.METHOD_NOT_FOUND, "method not found: "
                        + bounded(request.method(), 100));
            };
        } catch (IllegalArgumentException e) {
            return error(request, McpSchema.ErrorCodes.INVALID_PARAMS, e.getMessage());
        } catch (jakarta.ws.rs.WebApplicationException e) {
            LOG.warnf("mcp_suite_api_refused method=%s status=%d", request.method(), e.getResponse().getStatus());
            return error(request, McpSchema.ErrorCodes.INTERNAL_ERROR, "the suite could not answer (HTTP "
                    + e.getResponse().getStatus() + "); try again shortly");
        } catch (jakarta.ws.rs.ProcessingException e) {
            LOG.warnf("mcp_suite_api_unreachable method=%s: %s", request.method(), e.toString());
            return error(request, McpSchema.ErrorCodes.INTERNAL_ERROR, "the suite could not be reached; try again shortly");
        } catch (RuntimeException e) {
            // The class only: a message may carry what the caller sent.
            LOG.errorf("mcp_request_failed method=%s failure=%s", request.method(), e.getClass().getName());
            return error(request, McpSchema.ErrorCodes.INTERNAL_ERROR, "the request could not be handled");
        }
    }

    private McpSchema.InitializeResult initialize(McpSchema.JSONRPCRequest request) {
        McpSchema.InitializeRequest hello = json.convertValue(request.params(), McpSchema.InitializeRequest.class);
        String version = hello != null && VERSIONS.contains(hello.protocolVersion()) ? hello.protocolVersion()
                : VERSIONS.get(0);
        return new McpSchema.InitializeResult(version, McpSchema.ServerCapabilities.builder().tools(false).build(),
                new McpSchema.Implementation("Capability Planner", "0.1.0"),
                "Read-only tools this principal may call, from its trusted capability snapshot. Call "
                        + FIND_TOOLS + " to find tools for a task, or " + ASK + " to have the suite plan and answer"
                        + " a question.");
    }

    private McpSchema.ListToolsResult list(Caller caller) {
        List<McpSchema.Tool> tools = new ArrayList<>(List.of(SuiteTools.ASK_TOOL, SuiteTools.FIND_TOOLS_TOOL));
        for (McpToolListing.Tool tool : catalog.listing(caller, null, null).tools()) {
            if (tool.mcpName().equals(ASK) || tool.mcpName().equals(FIND_TOOLS)) {
                LOG.warnf("mcp_tool_name_taken name=%s (the suite's own tool keeps it)", tool.mcpName());
                continue;
            }
            tools.add(McpCatalog.mcpTool(tool));
        }
        return new McpSchema.ListToolsResult(tools, null);
    }

    private McpSchema.JSONRPCResponse call(Caller caller, McpSchema.JSONRPCRequest request) {
        McpSchema.CallToolRequest call = json.convertValue(request.params(), McpSchema.CallToolRequest.class);
        if (call == null || call.name() == null) {
            throw new IllegalArgumentException("tools/call names a tool");
        }
        Map<String, Object> arguments = call.arguments() == null ? Map.of() : call.arguments();
        if (ASK.equals(call.name())) {
            return result(request, ask(caller, arguments));
        }
        if (FIND_TOOLS.equals(call.name())) {
            return result(request, find(caller, arguments));
        }
        McpToolListing.Tool tool = catalog.resolve(caller, call.name()).orElse(null);
        if (tool == null) {
            // Worded alike for a name that does not exist and one this caller may not call.
            return error(request, McpSchema.ErrorCodes.INVALID_PARAMS, "Unknown tool: " + bounded(call.name(), 128));
        }
        if (arguments.size() > ToolCall.MAX_ARGUMENTS) {
            return result(request, failed("at most " + ToolCall.MAX_ARGUMENTS + " arguments"));
        }
        try {
            TurnCompleted completed = turns.call(caller, McpConversations.fresh(caller.principal()), tool.mcpName(),
                    new ToolCall(tool.name(), arguments));
            return result(request, answer(completed, !ANSWERS.contains(completed.outcome())));
        } catch (McpCallException e) {
            return result(request, failed(e.getMessage()));
        }
    }

    private McpSchema.CallToolResult ask(Caller caller, Map<String, Object> arguments) {
        try {
            SuiteTools.AskArguments asked = SuiteTools.askArguments(arguments);
            String conversation = asked.conversationId() == null ? McpConversations.fresh(caller.principal())
                    : McpConversations.owned(caller.principal(), asked.conversationId()).orElseThrow(() ->
                            new IllegalArgumentException("conversationId is not one of this user's conversations here:"
                                    + " give the conversationId an earlier answer returned, or none"));
            Selection selection = asked.handle() == null ? null : chosen(caller, conversation, asked);
            TurnCompleted completed = turns.ask(caller, conversation, asked.question(), selection);
            boolean error = TurnCompleted.FAILED.equals(completed.outcome())
                    || TurnCompleted.DENIED.equals(completed.outcome());
            return answer(completed, error);
        } catch (IllegalArgumentException | McpCallException e) {
            return failed(e.getMessage());
        }
    }

    /** The row the caller chose, read from the executor as the caller: another's artifact is not found. */
    private Selection chosen(Caller caller, String conversation, SuiteTools.AskArguments asked) throws McpCallException {
        Map<String, Object> artifact;
        try {
            artifact = artifacts.artifact(caller.authorization(), asked.handle(), conversation);
        } catch (jakarta.ws.rs.WebApplicationException e) {
            throw new McpCallException(e.getResponse().getStatus() == 404
                    ? "no artifact " + asked.handle() + " in conversation " + conversation + " (it may have expired)"
                    : "the artifact could not be read (HTTP " + e.getResponse().getStatus() + ")");
        }
        if (!(artifact.get("rows") instanceof List<?> rows) || asked.row() > rows.size()
                || !(rows.get(asked.row() - 1) instanceof Map<?, ?> row)) {
            throw new McpCallException("the artifact has no row " + asked.row());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> chosen = (Map<String, Object>) row;
        return new Selection(String.valueOf(artifact.get("tool")), String.valueOf(artifact.get("entity")), chosen);
    }

    private McpSchema.CallToolResult find(Caller caller, Map<String, Object> arguments) {
        SuiteTools.FindArguments asked;
        try {
            asked = SuiteTools.findArguments(arguments);
        } catch (IllegalArgumentException e) {
            return failed(e.getMessage());
        }
        McpToolListing found = catalog.listing(caller, asked.query(), asked.limit());
        List<Map<String, Object>> tools = found.tools().stream()
                .filter(tool -> !tool.mcpName().equals(ASK) && !tool.mcpName().equals(FIND_TOOLS))
                .map(SuiteMcpHandler::foundTool).toList();
        StringBuilder text = new StringBuilder(tools.isEmpty() ? "No tool fits." : "Tools, best first:");
        tools.forEach(tool -> text.append("\n- ").append(tool.get("name")).append(": ").append(tool.get("description")));
        return McpSchema.CallToolResult.builder().addTextContent(text.toString())
                .structuredContent(Map.of("tools", tools, "authorizedCount", found.authorizedCount()))
                .isError(false).build();
    }

    private static Map<String, Object> foundTool(McpToolListing.Tool tool) {
        Map<String, Object> shown = new java.util.LinkedHashMap<>();
        shown.put("name", tool.mcpName());
        shown.put("description", tool.description());
        shown.put("inputSchema", tool.inputSchema());
        if (tool.score() != null) {
            shown.put("score", tool.score());
        }
        if (tool.matchReason() != null) {
            shown.put("matchReason", tool.matchReason());
        }
        return shown;
    }

    private static McpSchema.CallToolResult answer(TurnCompleted completed, boolean error) {
        StringBuilder text = new StringBuilder(completed.summary());
        if (completed.handle() != null) {
            text.append("\nTo pick a row, call ").append(ASK).append(" with conversationId ")
                    .append(completed.run().conversationId()).append(" and selection {handle: ")
                    .append(completed.handle()).append(", row: N}.");
        }
        return McpSchema.CallToolResult.builder().addTextContent(text.toString())
                .structuredContent(McpTurns.structured(completed)).isError(error).build();
    }

    private static McpSchema.CallToolResult failed(String why) {
        return McpSchema.CallToolResult.builder().addTextContent(why).isError(true).build();
    }

    private static McpSchema.JSONRPCResponse result(McpSchema.JSONRPCRequest request, Object result) {
        return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), result, null);
    }

    private static McpSchema.JSONRPCResponse error(McpSchema.JSONRPCRequest request, int code, String message) {
        return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), null,
                new McpSchema.JSONRPCResponse.JSONRPCError(code, message, null));
    }

    private static String bounded(String text, int max) {
        String value = String.valueOf(text);
        return value.length() <= max ? value : value.substring(0, max) + "…";
    }
}
